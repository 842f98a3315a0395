import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AdminOrderDetail, TimelineEntry } from '../../../contracts/admin-orders';
import { formatRupeesExact } from '../../../contracts/format';
import { statusChangeText } from '../../../contracts/order-status';
import type { Database } from '../../db/client';
import {
  auditLog,
  notifications,
  orderAttention,
  orderNotes,
  orders,
  payments,
  refunds,
  shipmentEvents,
  shipments,
  staff,
  statusHistory,
  webhookEvents,
} from '../../db/schema';
import { holdsAnything } from '../holds/holds';
import { invoiceOfOrder } from '../invoices/issue-documents';
import { orderStateOf } from '../orders/lifecycle';
import { orderNumberOf, toOrderViews } from '../orders/order-view';
import { holdsStock } from '../stock/order-stock';
import { allowedConsoleActions } from './console-actions';
import { sentOrderMessageKinds } from './sent-messages';

// docs/architecture.md#console-orders-api: one order as the console shows it, with one timeline merged from
// every record that names the order.

type OrderRow = typeof orders.$inferSelect;

const rupees = (paise: number) => formatRupeesExact(paise / 100);
const iso = (value: Date | string) => new Date(value).toISOString();

interface JobRow {
  name: string;
  state: string;
  created_on: string | Date;
  completed_on: string | Date | null;
  retry_count: number;
  kind: string | null;
}

/** pg-boss jobs (live and archived) whose data names the order. */
async function jobsOfOrder(db: Database, orderId: string, paymentIds: string[]): Promise<JobRow[]> {
  const names = sql`(data->>'orderId' = ${orderId}${
    paymentIds.length > 0
      ? sql` or data->>'paymentId' in (${sql.join(
          paymentIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``
  })`;
  const columns = sql`name, state, created_on, completed_on, retry_count, data->>'kind' as kind`;
  const result = (await db.execute(
    sql`select ${columns} from pgboss.job where ${names}
        union all select ${columns} from pgboss.archive where ${names}`,
  )) as { rows?: JobRow[] };
  return result.rows ?? [];
}

function jobEntries(rows: JobRow[]): TimelineEntry[] {
  return rows.flatMap((row) => {
    const label = row.kind ? `${row.name} (${row.kind})` : row.name;
    const queued: TimelineEntry = {
      at: iso(row.created_on),
      kind: 'job',
      summary: `Job ${label} queued`,
      actor: 'system',
    };
    if (!row.completed_on || (row.state !== 'completed' && row.state !== 'failed')) {
      return [{ ...queued, summary: `${queued.summary} (${row.state})` }];
    }
    const retries = row.retry_count > 0 ? ` after ${row.retry_count} retries` : '';
    const ended: TimelineEntry = {
      at: iso(row.completed_on),
      kind: 'job',
      summary: `Job ${label} ${row.state === 'completed' ? 'ran' : 'failed'}${retries}`,
      actor: 'system',
    };
    return [queued, ended];
  });
}

/** Razorpay events about the order's payments and refunds, and Shiprocket's about its parcel. */
async function webhooksOfOrder(db: Database, order: OrderRow, paymentIds: string[], awb: string | null) {
  const razorpay = sql`${webhookEvents.payload}->'payload'`;
  const conditions = [
    order.razorpayOrderId
      ? sql`${razorpay}->'payment'->'entity'->>'order_id' = ${order.razorpayOrderId}`
      : undefined,
    order.razorpayOrderId ? sql`${razorpay}->'order'->'entity'->>'id' = ${order.razorpayOrderId}` : undefined,
    paymentIds.length > 0
      ? inArray(sql`${razorpay}->'refund'->'entity'->>'payment_id'`, paymentIds)
      : undefined,
    awb ? sql`${webhookEvents.payload}->>'awb' = ${awb}` : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return [];
  return db
    .select({
      provider: webhookEvents.provider,
      event: webhookEvents.event,
      receivedAt: webhookEvents.receivedAt,
    })
    .from(webhookEvents)
    .where(or(...conditions));
}

/** Messages sent to the order's shopper that name the order (order messages carry its number). */
async function messagesOfOrder(db: Database, order: OrderRow) {
  const recipients = [order.contact.email, order.contact.phone].filter((value) => value !== '');
  if (recipients.length === 0) return [];
  const number = `%${orderNumberOf(order.id)}%`;
  return db
    .select({
      channel: notifications.channel,
      subject: notifications.subject,
      status: notifications.status,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        inArray(notifications.recipient, recipients),
        or(sql`${notifications.subject} like ${number}`, sql`${notifications.body} like ${number}`),
      ),
    );
}

export async function findAdminOrder(
  db: Database,
  orderId: string,
  publicUrl: string,
): Promise<AdminOrderDetail | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return undefined;
  const [view] = await toOrderViews(db, [row]);
  if (!view) return undefined;

  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const paymentIds = paymentRows.map((payment) => payment.id);
  const [shipment] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  const [refundRows, scans, notes, audits, attention, history, webhooks, messages, jobs] = await Promise.all([
    paymentIds.length === 0
      ? []
      : db
          .select({ refund: refunds, razorpayPaymentId: payments.razorpayPaymentId })
          .from(refunds)
          .innerJoin(payments, eq(payments.id, refunds.paymentId))
          .where(inArray(refunds.paymentId, paymentIds))
          .orderBy(asc(refunds.createdAt)),
    shipment
      ? db
          .select()
          .from(shipmentEvents)
          .where(eq(shipmentEvents.shipmentId, shipment.id))
          .orderBy(asc(shipmentEvents.occurredAt))
      : [],
    db
      .select({ note: orderNotes, staffName: staff.name })
      .from(orderNotes)
      .innerJoin(staff, eq(staff.id, orderNotes.staffId))
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(asc(orderNotes.createdAt)),
    db
      .select({ audit: auditLog, staffName: staff.name })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, orderId))),
    db
      .select()
      .from(orderAttention)
      .where(and(eq(orderAttention.orderId, orderId), isNull(orderAttention.resolvedAt))),
    db
      .select()
      .from(statusHistory)
      .where(
        or(
          and(eq(statusHistory.entity, 'order'), eq(statusHistory.entityId, orderId)),
          paymentIds.length > 0
            ? and(eq(statusHistory.entity, 'payment'), inArray(statusHistory.entityId, paymentIds))
            : undefined,
        ),
      ),
    webhooksOfOrder(db, row, paymentIds, shipment?.awbCode ?? null),
    messagesOfOrder(db, row),
    jobsOfOrder(db, orderId, paymentIds),
  ]);

  const timeline: TimelineEntry[] = [
    { at: iso(row.createdAt), kind: 'status' as const, summary: 'Order placed', actor: 'shopper' },
    ...history.map((change) => ({
      at: iso(change.createdAt),
      kind: 'status' as const,
      summary: statusChangeText(change.entity, change.field, change.fromValue, change.toValue),
      actor: change.source,
    })),
    ...paymentRows.map((payment) => ({
      at: iso(payment.createdAt),
      kind: 'payment' as const,
      summary: `Payment ${payment.razorpayPaymentId} of ${rupees(payment.amountPaise)} (${payment.status})`,
      actor: 'shopper',
    })),
    ...refundRows.map(({ refund }) => ({
      at: iso(refund.createdAt),
      kind: 'refund' as const,
      summary: `Refund ${refund.razorpayRefundId} of ${rupees(refund.amountPaise)} (${refund.status})`,
      actor: null,
    })),
    ...webhooks.map((hook) => ({
      at: iso(hook.receivedAt),
      kind: 'webhook' as const,
      summary: `${hook.provider} webhook ${hook.event} received`,
      actor: hook.provider,
    })),
    ...jobEntries(jobs),
    ...messages.map((message) => ({
      at: iso(message.createdAt),
      kind: 'message' as const,
      summary: `${message.channel === 'email' ? 'E-mail' : 'SMS'} ${message.status}${message.subject ? `: ${message.subject}` : ''}`,
      actor: 'system',
    })),
    ...audits.map(({ audit, staffName }) => ({
      at: iso(audit.createdAt),
      kind: 'staff' as const,
      summary: `Staff action ${audit.action}`,
      actor: staffName,
    })),
    ...notes.map(({ note, staffName }) => ({
      at: iso(note.createdAt),
      kind: 'note' as const,
      summary: note.body,
      actor: staffName,
    })),
    ...scans.map((scan) => ({
      at: iso(scan.occurredAt),
      kind: 'scan' as const,
      summary: `${scan.status}: ${scan.activity}${scan.location ? ` (${scan.location})` : ''}`,
      actor: 'courier',
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const paying = paymentRows.find(
    (payment) => payment.status === 'captured' || payment.status === 'refunded',
  );
  const invoice = await invoiceOfOrder(db, row.id);
  const refundablePaise = paying ? await refundablePaiseOf(db, paying.id, paying.amountPaise) : 0;
  const sentMessages = await sentOrderMessageKinds(db, row, publicUrl);
  // The lifecycle's view of the order, as its writer reads it under lock (order-writer.ts lockOrder).
  const latestRefund = refundRows.filter(({ refund }) => refund.paymentId === paying?.id).at(-1)?.refund;
  const state = orderStateOf(
    row,
    shipment,
    latestRefund?.status ?? null,
    await holdsStock(db, row.id),
    await holdsAnything(db, row.id),
  );
  return {
    order: view,
    shopper: {
      userId: row.userId,
      name: row.contact.name,
      email: row.contact.email,
      phone: row.contact.phone,
      deliveryPhone: row.contact.deliveryPhone ?? row.contact.phone,
    },
    // docs/product.md#gst-invoices: prices include GST, so the order's own tax field stays 0; the invoice has it.
    invoiceTax: invoice
      ? { cgstPaise: invoice.cgstPaise, sgstPaise: invoice.sgstPaise, igstPaise: invoice.igstPaise }
      : null,
    refundablePaise,
    allowedActions: allowedConsoleActions(state, {
      cod: row.paymentMethod === 'COD',
      refundablePaise,
      sentMessages: sentMessages.length,
    }),
    sentMessages,
    payments: paymentRows.map((payment) => ({
      razorpayPaymentId: payment.razorpayPaymentId,
      status: payment.status,
      amountPaise: payment.amountPaise,
      amountRefundedPaise: payment.amountRefundedPaise,
      method: payment.method,
      createdAt: iso(payment.createdAt),
    })),
    refunds: refundRows.map(({ refund, razorpayPaymentId }) => ({
      razorpayRefundId: refund.razorpayRefundId,
      razorpayPaymentId,
      amountPaise: refund.amountPaise,
      status: refund.status,
      createdAt: iso(refund.createdAt),
    })),
    scans: scans.map((scan) => ({
      date: iso(scan.occurredAt),
      status: scan.status,
      statusCode: scan.statusCode,
      activity: scan.activity,
      location: scan.location,
    })),
    notes: notes.map(({ note, staffName }) => ({
      id: note.id,
      body: note.body,
      staffName,
      createdAt: iso(note.createdAt),
    })),
    attention: attention.map((flag) => ({ reason: flag.reason, createdAt: iso(flag.createdAt) })),
    timeline,
  };
}

/** What may still be refunded of a payment: its amount less every refund not failed. */
export async function refundablePaiseOf(
  db: Database,
  paymentId: string,
  amountPaise: number,
): Promise<number> {
  const [{ committed } = { committed: 0 }] = await db
    .select({ committed: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['pending', 'processed'])));
  return Math.max(0, amountPaise - committed);
}
