import type { Order, ShipmentEvent, ShipmentUpdates } from './orders';

/** docs/product.md#http-api shipment-updates: the shipment under every name the original client gives its fields, and the scans. */
export function toShipmentUpdates(
  order: Order,
  events: ShipmentEvent[],
  error: string | null = null,
): ShipmentUpdates {
  const shipment = order.shipment;
  return {
    success: true,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    orderStatus: order.status,
    shiprocketOrderId: shipment?.shiprocketOrderId ?? null,
    shiprocketShipmentId: shipment?.shiprocketShipmentId ?? null,
    courierName: shipment?.courierName ?? null,
    trackingNumber: shipment?.trackingNumber ?? null,
    awbNumber: shipment?.trackingNumber ?? null,
    trackingUrl: shipment?.trackingUrl ?? null,
    courierTrackingUrl: shipment?.courierTrackingUrl ?? null,
    trackingStatus: shipment?.trackingStatus ?? null,
    status: shipment?.trackingStatus ?? null,
    shipmentStatus: shipment?.trackingStatus ?? null,
    stage: shipment?.stage ?? null,
    estimatedDelivery: shipment?.estimatedDelivery ?? null,
    hasTracking: shipment?.hasTracking ?? false,
    hasCourier: shipment?.hasCourier ?? false,
    canTrack: shipment?.canTrack ?? false,
    shipmentEvents: events,
    error,
  };
}
