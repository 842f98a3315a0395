import type { Database } from '../../db/client';
import {
  simulatedShiprocketRemittances as remittances,
  simulatedShiprocketShipments as shipments,
} from '../../db/schema';
import type { TrackingActivity } from '../../providers/shiprocket/types';
import { createStateWriter } from '../state-writer';
import type { SimulatedCourier } from './couriers';
import type { SimulatedRemittance } from './remittances';
import type { SimulatedNdr, SimulatedShipment } from './shipments';
import type { ValidOrder } from './validation';

type ShipmentRow = typeof shipments.$inferSelect;

// The columns hold the simulator's own types as plain JSON; the schema does not know them.
function shipmentOf(row: ShipmentRow): SimulatedShipment {
  return {
    id: row.id,
    orderId: row.orderId,
    // The kind column decides: orders saved before returns were simulated carry none in their JSON.
    order: { ...row.order, kind: row.kind } as unknown as ValidOrder,
    createdAt: row.createdAt,
    step: row.step,
    cancelled: row.cancelled,
    courier: (row.courier ?? undefined) as SimulatedCourier | undefined,
    awb: row.awb ?? undefined,
    awbAssignedAt: row.awbAssignedAt ?? undefined,
    pickupScheduledAt: row.pickupScheduledAt ?? undefined,
    etd: row.etd ?? undefined,
    deliveredAt: row.deliveredAt ?? undefined,
    rtoRequested: row.rtoRequested,
    rtoInitiatedAt: row.rtoInitiatedAt ?? undefined,
    rtoDeliveredAt: row.rtoDeliveredAt ?? undefined,
    failure: row.failure ?? undefined,
    failureSteps: row.failureSteps,
    scans: row.scans as unknown as TrackingActivity[],
    ndr: (row.ndr ?? undefined) as SimulatedNdr | undefined,
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
    rtoRequested: shipment.rtoRequested,
    rtoInitiatedAt: shipment.rtoInitiatedAt ?? null,
    rtoDeliveredAt: shipment.rtoDeliveredAt ?? null,
    kind: shipment.order.kind ?? 'forward',
    failure: shipment.failure ?? null,
    failureSteps: shipment.failureSteps,
    scans: shipment.scans.map((scan) => ({ ...scan })),
    ndr: shipment.ndr ? (structuredClone(shipment.ndr) as unknown as Record<string, unknown>) : null,
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

/** The simulator's COD remittances kept beside its shipments, the same way. */
export async function keepRemittancesIn(db: Database, onError: (error: unknown) => void) {
  const rows = await db.select().from(remittances).orderBy(remittances.position);
  const writer = createStateWriter(onError);
  return {
    saved: rows.map(
      (row): SimulatedRemittance => ({
        id: row.id,
        utr: row.utr,
        remittedOn: row.remittedOn,
        lines: row.lines,
        createdAt: row.createdAt,
      }),
    ),
    onChange(remittance: SimulatedRemittance) {
      writer.write(() => db.insert(remittances).values(remittance).onConflictDoNothing());
    },
    onReset() {
      writer.write(() => db.delete(remittances));
    },
    flushed: writer.flushed,
  };
}
