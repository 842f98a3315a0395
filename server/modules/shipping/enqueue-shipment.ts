import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, shipments } from '../../db/schema';
import { type Jobs, jobQueues } from '../../plugins/jobs';
import type { CreateShipmentJob } from './create-shipment';
import type { ShippingDeps } from './shipping-deps';

/** Left this long, a paid order's parcel should be booked: its first job ran at payment and retried since. */
const UNSHIPPED_AFTER_MINUTES = 30;
/** Stages the shipment job has not finished with: it books, assigns the courier and schedules the pickup. */
const STAGES_BEFORE_PICKUP_BOOKED = ['created', 'awb_assigned'] as const;
const SWEEP_LIMIT = 200;

/**
 * Queues the shipment job for the order, in the caller's transaction, unless one for it is still waiting,
 * retrying or running (the order id is the job's singleton key). False when there was one.
 */
export function enqueueShipmentJob(
  tx: Database,
  jobs: Pick<Jobs, 'send'>,
  orderId: string,
): Promise<boolean> {
  const job: CreateShipmentJob = { orderId };
  return jobs.send(tx, jobQueues.createShipment, job, { singletonKey: orderId });
}

/**
 * pg-boss gives the shipment job up after its retries (about 11 hours), and a job can be lost with its
 * queue's rows. This sweep, run with the tracking poll, queues it again for every paid, not cancelled order
 * (the shipment job's `mayShip`) paid a while ago whose parcel has no shipment row or stopped before its
 * pickup was booked. Returns how many jobs it queued.
 */
export async function requeueUnshippedOrders(deps: Pick<ShippingDeps, 'db' | 'jobs'>): Promise<number> {
  const stalled = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(shipments, eq(shipments.orderId, orders.id))
    .where(
      and(
        eq(orders.paymentStatus, 'paid'),
        ne(orders.status, 'cancelled'),
        lt(orders.paidAt, sql`now() - make_interval(mins => ${UNSHIPPED_AFTER_MINUTES}::int)`),
        or(isNull(shipments.id), inArray(shipments.stage, [...STAGES_BEFORE_PICKUP_BOOKED])),
      ),
    )
    .orderBy(orders.paidAt)
    .limit(SWEEP_LIMIT);

  let queued = 0;
  for (const order of stalled) {
    if (await deps.db.transaction((tx) => enqueueShipmentJob(tx, deps.jobs, order.id))) queued += 1;
  }
  return queued;
}
