import type { Order, ShipmentDetails, ShipmentUpdates } from '../../contracts/orders';
import { toShipmentUpdates } from '../../contracts/shipment-updates';

// Factories with overrides for the order pages' component tests: a paid order as GET /api/orders/{id} and
// my-orders-with-shipment answer it, its booked parcel, and the shipment-updates reply (docs/product.md#http-api).

/** One Face Mitt (₹239) and ₹100 shipping, paid, its parcel not booked yet; a new id every call. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const orderId = overrides.orderId ?? crypto.randomUUID();
  const address = {
    firstName: 'Asha',
    lastName: 'Verma',
    houseName: '12 Silk Lane',
    streetArea: 'Koregaon Park',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    pincode: '411001',
  };
  return {
    _id: orderId,
    orderId,
    orderNumber: `OM-${orderId.slice(0, 8).toUpperCase()}`,
    status: 'confirmed',
    paymentStatus: 'paid',
    paymentMethod: 'Online',
    paymentId: 'pay_Q9w8e7r6t5y4u3',
    razorpayOrderId: 'order_Q1w2e3r4t5y6u7',
    mrpPaise: 399_00,
    subtotalPaise: 239_00,
    discountPaise: 160_00,
    couponCode: null,
    couponDiscountPaise: 0,
    prepaidDiscountPaise: 0,
    couponFreeShipping: false,
    shippingPaise: 100_00,
    codFeePaise: 0,
    codConfirmBy: null,
    codConfirmedAt: null,
    codAdvancePaise: 0,
    codAdvance: null,
    codCashPaise: 0,
    taxPaise: 0,
    totalPaise: 339_00,
    paidPaise: 339_00,
    refundedPaise: 0,
    refundStatus: null,
    currency: 'INR',
    items: [
      {
        productId: 1,
        title: 'Face Mitt',
        description: 'A silk exfoliating mitten.',
        image: '',
        sku: 'OTT-1',
        category: 'bath',
        brand: 'Ottoman',
        size: 'M',
        quantity: 1,
        unitMrpPaise: 399_00,
        discountPercent: 40,
        unitPricePaise: 239_00,
        lineTotalPaise: 239_00,
        couponSharePaise: 0,
        prepaidSharePaise: 0,
      },
    ],
    shippingAddress: address,
    billingAddress: address,
    createdAt: '2026-03-02T04:30:00.000Z',
    updatedAt: '2026-03-02T04:31:00.000Z',
    paidAt: '2026-03-02T04:31:00.000Z',
    promisedDeliveryDate: '2026-03-06',
    deliveredAt: null,
    shipment: null,
    canCancel: true,
    ...overrides,
  };
}

/** A parcel booked with Shiprocket, no courier assigned yet (stage 'created'). */
export function aShipment(overrides: Partial<ShipmentDetails> = {}): ShipmentDetails {
  return {
    shiprocketOrderId: '700000001',
    shiprocketShipmentId: '700000002',
    courierName: null,
    trackingNumber: null,
    trackingStatus: null,
    estimatedDelivery: null,
    trackingUrl: null,
    courierTrackingUrl: null,
    hasTracking: false,
    hasCourier: false,
    canTrack: false,
    stage: 'created',
    pickupScheduledAt: null,
    lastUpdatedAt: null,
    ...overrides,
  };
}

/** The shipment-updates (and track, refresh-tracking) reply for the order, its shipment's fields flat. */
export function shipmentUpdatesOf(order: Order, overrides: Partial<ShipmentUpdates> = {}): ShipmentUpdates {
  return { ...toShipmentUpdates(order, []), ...overrides };
}
