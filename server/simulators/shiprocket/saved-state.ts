import type { Database } from '../../db/client';
import { simulatedShiprocketShipments as shipments } from '../../db/schema';
import type { TrackingActivity } from '../../providers/shiprocket/types';
import { createStateWriter } from '../state-writer';
import type { SimulatedCourier } from './couriers';
import type { SimulatedShipment } from './shipments';
import type { ValidAdhocOrder } from './validation';

type ShipmentRow = typeof shipments.$inferSelect;

// The columns hold the simulator's own types as plain JSON; the schema does not know them.
function shipmentOf(row: ShipmentRow): SimulatedShipment {
  return {
    id: row.id,
    orderId: row.orderId,
    order: row.order as unknown as ValidAdhocOrder,
    createdAt: row.createdAt,
    step: row.step,
    cancelled: row.cancelled,
    courier: (row.courier ?? undefined) as SimulatedCourier | undefined,
    awb: row.awb ?? undefined,
    awbAssignedAt: row.awbAssignedAt ?? undefined,
    pickupScheduledAt: row.pickupScheduledAt ?? undefined,
    etd: row.etd ?? undefined,
    deliveredAt: row.deliveredAt ?? undefined,
    scans: row.scans as unknown as TrackingActivity[],
  };
}

function columnsOf(shipment: SimulatedShipment) {
  return {
    orderId: shipment.orderId,
    channelOrderId: shipment.order.orderId,
    order: { ...shipment.order },
    createdAt: shipment.createdAt,
    step: shipment.step,
    cancelled: shipment.cancelled,
    courier: shipment.courier ? { ...shipment.courier } : null,
    awb: shipment.awb ?? null,
    awbAssignedAt: shipment.awbAssignedAt ?? null,
    pickupScheduledAt: shipment.pickupScheduledAt ?? null,
    etd: shipment.etd ?? null,
    deliveredAt: shipment.deliveredAt ?? null,
    scans: shipment.scans.map((scan) => ({ ...scan })),
  };
}

/**
 * The Shiprocket simulator's orders and shipments kept in the shop's database (docs/operations.md#simulator-state):
 * what it starts from, where its changes (and a reset) go, and a promise of all of them written.
 */
export async function keepShipmentsIn(db: Database, onError: (error: unknown) => void) {
  const rows = await db.select().from(shipments).orderBy(shipments.position);
  const writer = createStateWriter(onError);
  return {
    saved: rows.map(shipmentOf),
    onChange(shipment: SimulatedShipment) {
      const columns = columnsOf(shipment);
      writer.write(() =>
        db
          .insert(shipments)
          .values({ id: shipment.id, ...columns })
          .onConflictDoUpdate({ target: shipments.id, set: columns }),
      );
    },
    onReset() {
      writer.write(() => db.delete(shipments));
    },
    flushed: writer.flushed,
  };
}
