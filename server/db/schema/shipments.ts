import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type ShipmentStage, shipmentStages } from '../../../contracts/shipping';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';

export { type ShipmentStage, shipmentStages };

/** One Shiprocket shipment per paid order. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    shiprocketOrderId: text('shiprocket_order_id').notNull(),
    shiprocketShipmentId: text('shiprocket_shipment_id').notNull(),
    awbCode: text('awb_code'),
    courierName: text('courier_name'),
    courierCompanyId: integer('courier_company_id'),
    stage: text('stage', { enum: shipmentStages }).notNull().default('created'),
    statusCode: integer('status_code'),
    statusLabel: text('status_label'),
    trackingUrl: text('tracking_url'),
    estimatedDelivery: timestamp('estimated_delivery', { withTimezone: true }),
    pickupScheduledAt: timestamp('pickup_scheduled_at', { withTimezone: true }),
    lastTrackedAt: timestamp('last_tracked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('shipments_order_id_idx').on(table.orderId),
    uniqueIndex('shipments_shiprocket_shipment_id_idx').on(table.shiprocketShipmentId),
    index('shipments_awb_idx').on(table.awbCode),
  ],
);

/** Tracking scans, from webhooks and polling alike; the unique key drops the same scan reported twice. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    status: text('status').notNull(),
    activity: text('activity').notNull(),
    location: text('location').notNull().default(''),
    raw: jsonb('raw'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('shipment_events_scan_idx').on(
      table.shipmentId,
      table.occurredAt,
      table.status,
      table.activity,
    ),
  ],
);
