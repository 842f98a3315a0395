import { and, eq, isNull } from 'drizzle-orm';
import { stockMessages } from '../../contracts/orders';
import { orderAttention } from '../db/schema';
import { AppError } from '../errors';
import type { StaffActor } from '../modules/audit/audit-log';
import { recordAudit } from '../modules/audit/audit-log';
import { isOrderId } from '../modules/orders/order-view';
import { applyOrderEvent, lockOrder } from '../modules/orders/order-writer';
import { lockOrderStock } from '../modules/stock/order-stock';
import type { PaymentDeps } from './deps';

/**
 * docs/product.md#stock: the owner ships an order that was paid when its units had run out, once restocked.
 * Under the order's locks and then its products', the stock is taken, the flag resolved and the shipment
 * queued, with the audit row, in one transaction; refused while a product is still short.
 */
export async function shipLateFromConsole(
  deps: Pick<PaymentDeps, 'db' | 'jobs'>,
  orderId: string,
  actor: StaffActor,
  notFoundMessage: string,
): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const locked = isOrderId(orderId) ? await lockOrder(tx, orderId) : undefined;
    if (!locked) throw new AppError('not_found', notFoundMessage);
    const [waiting] = await tx
      .select({ id: orderAttention.id })
      .from(orderAttention)
      .where(
        and(
          eq(orderAttention.orderId, orderId),
          eq(orderAttention.reason, 'paid_out_of_stock'),
          isNull(orderAttention.resolvedAt),
        ),
      );
    if (!waiting || locked.state.stockTaken) throw new AppError('conflict', stockMessages.shipLateNotWaiting);
    const [short] = await lockOrderStock(tx, orderId);
    const decision = await applyOrderEvent(
      locked,
      deps.jobs,
      { type: 'ship_late_requested', stockCovered: short === undefined },
      'shop',
    );
    if (decision.outcome === 'refused') {
      if (short)
        throw new AppError('conflict', stockMessages.notEnoughToShip(short.title, short.left, short.needed));
      throw new AppError('conflict', stockMessages.shipLateNotWaiting);
    }
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'order.ship_late',
      entityType: 'order',
      entityId: orderId,
      before: { stockTaken: false },
      after: { stockTaken: true },
      ipAddress: actor.ipAddress,
    });
    return { message: stockMessages.shipLateQueued };
  });
}
