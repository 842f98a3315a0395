import { and, eq, exists, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { DEFAULT_WEIGHT_KG } from '../../contracts/catalogue';
import { orderItems, orders, products, shipments, stockMovements } from '../db/schema';
import { jobQueues } from '../job-queues';
import { codAdvancePaidPaiseOf, codCashPaiseOf } from '../modules/orders/cod-advance';
import { isBeforePickup } from '../modules/orders/lifecycle';
import { applyOrderEvent, lockOrder, previewOrderEvent } from '../modules/orders/order-writer';
import { findShipmentOfOrder as findShipment, insertShipment } from '../modules/shipping/shipment-records';
import { holdsStock } from '../modules/stock/order-stock';
import { ShiprocketError } from '../providers/shiprocket/client';
import { codBookingFields } from '../providers/shiprocket/cod';
import { parseShiprocketTime, shiprocketEtd, shiprocketOrderDate } from '../providers/shiprocket/ist-time';
import type { AdhocOrderInput, CourierOption, ListedOrder } from '../providers/shiprocket/types';
import type { ShippingDeps } from './deps';
import { applyTrackingUpdate } from './tracking';

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

export interface CreateShipmentJob {
  orderId: string;
}

// A padded courier bag of folded mittens; Shiprocket wants every side above 0.5 cm.
const PARCEL_CM = { length: 25, breadth: 20, height: 5 };
const ALREADY_IN_PICKUP_QUEUE = /already in pickup queue/i;
const DAY_MS = 86_400_000;

/**
 * The shipment job (docs/architecture.md#durable-work): books the paid order with Shiprocket, gets it an AWB from the
 * recommended courier and schedules the pickup. Each step is stored as it completes and skipped when done,
 * so a retry after a failure or a crash resumes where the last run stopped; our order id is Shiprocket's
 * order_id, so a create repeated after a lost reply finds the first shipment instead of making a second.
 * Throws while Shiprocket fails, which makes pg-boss retry with backoff.
 */
export async function createShipmentForOrder(deps: ShippingDeps, job: CreateShipmentJob): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, job.orderId));
  // Paid online, or cash on delivery confirmed by its shopper (docs/product.md#cash-on-delivery).
  const readyToShip = order?.paidAt ?? order?.codConfirmedAt;
  if (!order || !readyToShip || order.status === 'cancelled') {
    if (readyToShip && order) await cancelStrayParcel(deps, order.id);
    deps.log.info({ orderId: job.orderId }, 'no shipment for an order that is missing, unpaid or cancelled');
    return;
  }
  // docs/product.md#stock: an order paid out of stock waits for the owner (ship late, or cancel).
  if (!(await holdsStock(deps.db, order.id))) {
    deps.log.info({ orderId: order.id }, 'no shipment for an order waiting for stock');
    return;
  }
  let shipment = (await findShipmentOfOrder(deps, order.id)) ?? (await bookShipment(deps, order));
  if (!shipment) return;
  // Picked up, delivered or cancelled: nothing left for this job.
  if (!isBeforePickup(shipment.stage)) return;
  if (!shipment.awbCode) shipment = await assignCourier(deps, order, shipment);
  if (shipment.stage !== 'pickup_scheduled' && isBeforePickup(shipment.stage)) {
    await schedulePickup(deps, order, shipment);
  }
}

const CANCELLED_AT_SHIPROCKET = /^cancel/i;

/**
 * A cancelled order may still have a live Shiprocket order: a run of this job booked it while the shopper
 * cancelled, and its cancel call then failed (see `bookShipment`). Without a shipment row nobody else knows
 * of that parcel (the shopper's cancel stops only parcels it has a row for), so this retry cancels it. Throws
 * when Shiprocket cannot be asked or refuses, so pg-boss retries.
 */
async function cancelStrayParcel(deps: ShippingDeps, orderId: string): Promise<void> {
  if (await findShipmentOfOrder(deps, orderId)) return;
  const listed = await deps.shiprocket.client.findOrder(orderId);
  if (!listed || CANCELLED_AT_SHIPROCKET.test(listed.status)) return;
  deps.log.info({ orderId, shiprocketOrderId: listed.id }, 'cancelling the parcel of a cancelled order');
  await deps.shiprocket.client.cancelOrders([listed.id]);
}

function findShipmentOfOrder(deps: ShippingDeps, orderId: string): Promise<ShipmentRow | undefined> {
  return findShipment(deps.db, orderId);
}

/** The order's lines with what they weigh: docs/product.md#entities and docs/product.md#shipping, each product's weight, else 0.5 kg a unit. */
async function parcelOf(deps: ShippingDeps, orderId: string) {
  const items = await deps.db
    .select({
      title: orderItems.title,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      weightGrams: products.weightGrams,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  const grams = items.reduce(
    (total, item) => total + (item.weightGrams ?? DEFAULT_WEIGHT_KG * 1000) * item.quantity,
    0,
  );
  return { items, weightKg: grams / 1000 };
}

async function adhocOrderOf(deps: ShippingDeps, order: OrderRow): Promise<AdhocOrderInput> {
  const { items, weightKg } = await parcelOf(deps, order.id);
  const address = order.shippingAddress;
  return {
    order_id: order.id,
    order_date: shiprocketOrderDate(order.paidAt ?? order.createdAt),
    pickup_location: deps.shipping.pickupLocation,
    billing_customer_name: address.firstName || order.contact.name,
    billing_last_name: address.lastName,
    billing_address: [address.houseName, address.streetArea].filter(Boolean).join(', ').slice(0, 190),
    billing_city: address.city,
    billing_pincode: address.pincode,
    billing_state: address.state,
    billing_country: address.country || 'India',
    // docs/product.md#phone-and-email: a phone signup has no e-mail of its own.
    billing_email: order.contact.email || deps.careEmail,
    billing_phone: order.contact.deliveryPhone ?? order.contact.phone,
    shipping_is_billing: true,
    order_items: items.map((item) => ({
      name: item.title,
      sku: item.sku,
      units: item.quantity,
      selling_price: item.unitPricePaise / 100,
    })),
    ...paymentFieldsOf(order),
    ...PARCEL_CM,
    weight: weightKg,
  };
}

/**
 * A prepaid parcel carries the goods and shipping charged; a COD parcel the amount the courier collects, which
 * is the order's total less an advance paid online (docs/architecture.md#shiprocket-cod), with the COD fee apart.
 */
function paymentFieldsOf(
  order: OrderRow,
): Pick<
  AdhocOrderInput,
  'payment_method' | 'sub_total' | 'shipping_charges' | 'transaction_charges' | 'total_discount'
> {
  if (order.paymentMethod === 'COD') {
    return codBookingFields({
      collectPaise: codCashPaiseOf(order),
      codFeePaise: order.codFeePaise,
      shippingPaise: order.shippingPaise,
      advancePaise: codAdvancePaidPaiseOf(order),
    });
  }
  return {
    payment_method: 'Prepaid' as const,
    sub_total: order.subtotalPaise / 100,
    shipping_charges: order.shippingPaise / 100,
  };
}

/**
 * Step 1: the Shiprocket order, stored with the order's move to 'processing' in one transaction. The order's
 * row lock is the one cancelling takes: an order cancelled while Shiprocket booked it gets no shipment row,
 * and its Shiprocket order is cancelled again. Undefined when that happened.
 */
async function bookShipment(deps: ShippingDeps, order: OrderRow): Promise<ShipmentRow | undefined> {
  const created = await deps.shiprocket.client.createAdhocOrder(await adhocOrderOf(deps, order));
  if (created.alreadyExisted) {
    deps.log.info({ orderId: order.id, shipmentId: created.shipment_id }, 'Shiprocket order found again');
  }
  const awbCode = created.awb_code || null;
  const stored = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked) return 'cancelled' as const;
    const stage = awbCode ? ('awb_assigned' as const) : ('created' as const);
    const event = { type: 'parcel_booked' as const, stage };
    const decision = previewOrderEvent(locked, event);
    if (decision.outcome === 'refused' || decision.effects.some((e) => e.type === 'cancel_courier_order')) {
      return 'cancelled' as const;
    }
    const inserted = await insertShipment(tx, {
      orderId: order.id,
      shiprocketOrderId: String(created.order_id),
      shiprocketShipmentId: String(created.shipment_id),
      awbCode,
      courierName: created.courier_name || null,
      courierCompanyId: created.courier_company_id,
      stage,
      statusCode: created.status_code,
      statusLabel: created.status,
      trackingUrl: awbCode ? deps.shiprocket.trackingPageUrl(awbCode) : null,
    });
    // A run of this job in another process stored it first: keep that one.
    if (inserted) await applyOrderEvent(locked, deps.jobs, event, 'system');
    return inserted;
  });
  if (stored === 'cancelled') {
    deps.log.info(
      { orderId: order.id },
      'order cancelled while its parcel was booked; cancelling the parcel',
    );
    try {
      await deps.shiprocket.client.cancelOrders([created.order_id]);
    } catch (error) {
      // The job fails and pg-boss retries it: the retry finds the order cancelled and, with no shipment row,
      // cancels the Shiprocket order it finds for our id (`cancelStrayParcel`).
      deps.log.warn(
        { err: error, orderId: order.id, shiprocketOrderId: created.order_id },
        'cancelling the parcel of an order cancelled while it was booked failed; the retry cancels it',
      );
      throw error;
    }
    return undefined;
  }
  const shipment = stored ?? (await findShipmentOfOrder(deps, order.id));
  if (!shipment) throw new Error(`the shipment of order ${order.id} was neither stored nor found`);
  return shipment;
}

/** The recommended courier among those that serve the address, else the first (Shiprocket ranks them). */
async function recommendedCourier(
  deps: ShippingDeps,
  order: OrderRow,
  weightKg: number,
): Promise<CourierOption> {
  const { data } = await deps.shiprocket.client.checkServiceability({
    pickupPostcode: deps.shipping.pickupPincode,
    deliveryPostcode: order.shippingAddress.pincode,
    weightKg,
    // A COD parcel goes with a courier that collects cash.
    cod: order.paymentMethod === 'COD',
  });
  const couriers = data.available_courier_companies;
  const recommended = couriers.find(
    (courier) => courier.courier_company_id === data.recommended_courier_company_id,
  );
  const chosen = recommended ?? couriers[0];
  if (!chosen) {
    throw new ShiprocketError('rejected', `No courier serves pincode ${order.shippingAddress.pincode}`);
  }
  return chosen;
}

/**
 * When the courier's quote says the parcel arrives: its `etd` date, else today plus its
 * `estimated_delivery_days`. The courier's own edd from tracking replaces it once the parcel moves.
 */
function quotedDelivery(quote: CourierOption, now: Date): Date | null {
  const etd = parseShiprocketTime(quote.etd);
  if (etd) return etd;
  const days = Number.parseInt(String(quote.estimated_delivery_days), 10);
  if (!Number.isSafeInteger(days) || days < 0) return null;
  // The day, in India, that the quote's etd would have named.
  return parseShiprocketTime(shiprocketEtd(new Date(now.getTime() + days * DAY_MS))) ?? null;
}

/** The quote applies only to the courier it was for (a lost reply may hide an assignment made in the panel). */
function isQuotedCourier(
  quote: CourierOption,
  assigned: { courierName: string | null; courierCompanyId: number | null },
): boolean {
  return (
    assigned.courierCompanyId === quote.courier_company_id || assigned.courierName === quote.courier_name
  );
}

/**
 * After a failed call, what Shiprocket has for our order: an assignment or a pickup whose reply was lost, or
 * one made meanwhile in the panel, shows up here. Undefined when Shiprocket cannot say.
 */
async function listedShipment(deps: ShippingDeps, orderId: string) {
  const listed: ListedOrder | undefined = await deps.shiprocket.client
    .findOrder(orderId)
    .catch(() => undefined);
  return listed?.shipments[0];
}

/** Step 2: the AWB. */
async function assignCourier(
  deps: ShippingDeps,
  order: OrderRow,
  shipment: ShipmentRow,
): Promise<ShipmentRow> {
  let assigned: { awbCode: string; courierName: string | null; courierCompanyId: number | null };
  let quote: CourierOption | undefined;
  try {
    quote = await recommendedCourier(deps, order, (await parcelOf(deps, order.id)).weightKg);
    const { data } = (
      await deps.shiprocket.client.assignAwb({
        shipmentId: Number(shipment.shiprocketShipmentId),
        courierId: quote.courier_company_id,
      })
    ).response;
    assigned = {
      awbCode: data.awb_code,
      courierName: data.courier_name,
      courierCompanyId: data.courier_company_id,
    };
  } catch (error) {
    const listed = await listedShipment(deps, order.id);
    if (!listed?.awb) throw error;
    assigned = { awbCode: listed.awb, courierName: listed.courier, courierCompanyId: null };
  }
  await applyTrackingUpdate(
    deps,
    shipment.id,
    {
      statusId: 3,
      statusLabel: 'AWB ASSIGNED',
      ...assigned,
      estimatedDelivery: quote && isQuotedCourier(quote, assigned) ? quotedDelivery(quote, new Date()) : null,
      trackingUrl: deps.shiprocket.trackingPageUrl(assigned.awbCode),
      scans: [],
    },
    'system',
  );
  return (await findShipmentOfOrder(deps, order.id)) ?? shipment;
}

/** Step 3: the pickup. A second request is refused as "Already in Pickup Queue.", which means done. */
async function schedulePickup(deps: ShippingDeps, order: OrderRow, shipment: ShipmentRow): Promise<void> {
  let scheduledAt: Date | undefined;
  try {
    const reply = await deps.shiprocket.client.generatePickup(Number(shipment.shiprocketShipmentId));
    scheduledAt = parseShiprocketTime(reply.response.pickup_scheduled_date);
  } catch (error) {
    const listed = await listedShipment(deps, order.id);
    const alreadyQueued = error instanceof ShiprocketError && ALREADY_IN_PICKUP_QUEUE.test(error.message);
    if (!listed?.pickup_scheduled_date && !alreadyQueued) throw error;
    scheduledAt = parseShiprocketTime(listed?.pickup_scheduled_date);
  }
  await applyTrackingUpdate(
    deps,
    shipment.id,
    { statusId: 4, statusLabel: 'PICKUP SCHEDULED', pickupScheduledAt: scheduledAt ?? null, scans: [] },
    'system',
  );
}

/** Left this long, a paid order's parcel should be booked: its first job ran at payment and retried since. */
const UNSHIPPED_AFTER_MINUTES = 30;
/** Stages the shipment job has not finished with: it books, assigns the courier and schedules the pickup. */
const STAGES_BEFORE_PICKUP_BOOKED = ['created', 'awb_assigned'] as const;
const SWEEP_LIMIT = 200;

/**
 * pg-boss gives the shipment job up after its retries (about 11 hours), and a job can be lost with its
 * queue's rows. This sweep, run with the tracking poll, queues it again for every paid (or part refunded), not
 * cancelled order (the lifecycle's `mayShip`), and flags each for the owner's attention paid a while ago whose parcel has no shipment row or stopped before its
 * pickup was booked. Returns how many jobs it queued.
 */
export async function requeueUnshippedOrders(deps: Pick<ShippingDeps, 'db' | 'jobs'>): Promise<number> {
  const longAgo = sql`now() - make_interval(mins => ${UNSHIPPED_AFTER_MINUTES}::int)`;
  const stalled = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(shipments, eq(shipments.orderId, orders.id))
    .where(
      and(
        or(
          and(inArray(orders.paymentStatus, ['paid', 'partially_refunded']), lt(orders.paidAt, longAgo)),
          // A confirmed cash-on-delivery order (docs/product.md#cash-on-delivery).
          and(eq(orders.paymentStatus, 'cod_due'), lt(orders.codConfirmedAt, longAgo)),
        ),
        ne(orders.status, 'cancelled'),
        or(isNull(shipments.id), inArray(shipments.stage, [...STAGES_BEFORE_PICKUP_BOOKED])),
        // An order waiting for stock (it took none) is the owner's to decide: docs/product.md#stock.
        exists(
          deps.db
            .select({ one: sql`1` })
            .from(stockMovements)
            .where(and(eq(stockMovements.orderId, orders.id), eq(stockMovements.reason, 'sale'))),
        ),
      ),
    )
    .orderBy(sql`coalesce(${orders.paidAt}, ${orders.codConfirmedAt})`)
    .limit(SWEEP_LIMIT);

  let queued = 0;
  for (const order of stalled) {
    // The order id is the job's singleton key: an order whose job still waits, retries or runs gets none.
    const sent = await deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (locked) await applyOrderEvent(locked, deps.jobs, { type: 'shipment_overdue' }, 'system');
      return deps.jobs.send(tx, jobQueues.createShipment, { orderId: order.id }, { singletonKey: order.id });
    });
    if (sent) queued += 1;
  }
  return queued;
}
