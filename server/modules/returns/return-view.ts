import { asc, eq, inArray } from 'drizzle-orm';
import {
  type ReturnOfferView,
  type ReturnView,
  returnNumberOf,
  returnReasonLabels,
  returnStatusLabels,
  UPI_ID_PATTERN,
} from '../../../contracts/returns';
import type { Database } from '../../db/client';
import { orderItems, orders, returnEvents, returns } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';
import { lastReturnDay, returnOffer } from './return-eligibility';
import { type PhotoReader, photosOfReturn } from './return-photos';
import { earlierReturnsOf, readReturnSettings, returnableOrderOf } from './return-records';
import { linesOfReturn } from './return-writer';

type ReturnRow = typeof returns.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** A UPI ID shown back with its middle hidden: "pr***@okaxis". */
export function maskedUpiId(upiId: string | null): string | null {
  if (!upiId || !UPI_ID_PATTERN.test(upiId)) return upiId;
  const [name = '', bank = ''] = upiId.split('@');
  return `${name.slice(0, 2)}***@${bank}`;
}

/** A return as `reader` sees it: the shopper who asked, or the console (their photos' URLs differ). */
export async function toReturnView(
  db: Database,
  row: ReturnRow,
  reader: PhotoReader,
  order?: OrderRow,
): Promise<ReturnView> {
  const [owner] = order ? [order] : await db.select().from(orders).where(eq(orders.id, row.orderId));
  const lines = await linesOfReturn(db, row.id);
  const photos = await photosOfReturn(db, row.id, reader);
  const steps = await db
    .select()
    .from(returnEvents)
    .where(eq(returnEvents.returnId, row.id))
    .orderBy(asc(returnEvents.createdAt));
  return {
    returnId: row.id,
    number: returnNumberOf(row.id),
    orderId: row.orderId,
    orderNumber: orderNumberOf(row.orderId),
    status: row.status,
    statusLabel: returnStatusLabels[row.status],
    resolution: row.resolution,
    reason: row.reason,
    reasonLabel: returnReasonLabels[row.reason],
    note: row.note,
    refusalReason: row.refusalReason,
    lines: lines.map((line) => ({
      lineId: line.orderItemId,
      title: line.title,
      size: line.size,
      image: line.image,
      units: line.units,
      paidPaise: line.paidPaise,
    })),
    paidPaise: row.paidPaise,
    deductionPaise: row.deductionPaise,
    refundPaise: row.refundPaise,
    photos,
    paymentMethod: owner?.paymentMethod ?? 'Online',
    upiId: maskedUpiId(row.upiId),
    pickupAddress: row.pickupAddress,
    awbCode: row.awbCode,
    courierName: row.courierName,
    parcelStatus: row.parcelStatusLabel,
    quality: row.quality,
    replacementOrder: row.replacementOrderId
      ? { orderId: row.replacementOrderId, orderNumber: orderNumberOf(row.replacementOrderId) }
      : null,
    steps: steps.map((step) => ({
      status: step.toStatus,
      label: returnStatusLabels[step.toStatus],
      at: step.createdAt.toISOString(),
      detail: step.detail,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

async function describedLines(db: Database, lines: { lineId: string; units: number }[]) {
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.id,
        lines.map((line) => line.lineId),
      ),
    );
  return lines.map((line) => {
    const item = items.find((candidate) => candidate.id === line.lineId);
    return { ...line, title: item?.title ?? '', size: item?.size ?? '', image: item?.image ?? '' };
  });
}

/** Whether "Return or replace" is offered on the order now, and what the dialog needs to know. */
export async function returnOfferOf(db: Database, order: OrderRow, now: Date): Promise<ReturnOfferView> {
  const settings = await readReturnSettings(db);
  const returnable = await returnableOrderOf(db, order);
  const offer = returnOffer(returnable, await earlierReturnsOf(db, order.id), settings, now);
  if (!offer.offered) return offer;
  return {
    offered: true,
    closesAt: offer.closesAt.toISOString(),
    lastDay: returnable.deliveredAt ? lastReturnDay(returnable.deliveredAt, settings.windowDays) : '',
    windowDays: settings.windowDays,
    returnable: await describedLines(db, offer.returnable),
    changedMindAccepted: settings.changedMindAccepted,
    changedMindDeductionPaise: settings.changedMindDeductionPaise,
    needsUpiId: order.paymentMethod === 'COD',
  };
}

export async function returnViewsOfOrder(db: Database, order: OrderRow): Promise<ReturnView[]> {
  const rows = await db
    .select()
    .from(returns)
    .where(eq(returns.orderId, order.id))
    .orderBy(asc(returns.createdAt));
  return Promise.all(rows.map((row) => toReturnView(db, row, 'shopper', order)));
}

/** The return whose replacement this order is, as a link back to the order it replaces. */
export function replacementOriginOf(order: OrderRow) {
  if (!order.replacementOfOrderId) return null;
  return { orderId: order.replacementOfOrderId, orderNumber: orderNumberOf(order.replacementOfOrderId) };
}
