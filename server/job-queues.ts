import type PgBoss from 'pg-boss';
import type { NdrMessageKind } from '../contracts/ndr';
import type { OrderEmailKind } from '../contracts/orders';
import type { ReturnMessageKind } from '../contracts/returns';
import type { Database } from './db/client';

/** Every queue the app uses; pg-boss needs a queue to exist before a job can be sent to it. */
export const jobQueues = {
  createShipment: 'shipment.create',
  sendOrderEmail: 'order.email',
  reconcilePayments: 'payments.reconcile',
  pollTracking: 'shipment.poll-tracking',
  refundCancelledOrder: 'order.refund',
  refundStrayPayment: 'payment.refund-stray',
  forwardContactMessage: 'contact.forward',
  sendContactReply: 'contact.reply',
  alertLowStock: 'stock.low-alert',
  alertNewOrder: 'staff.new-order',
  alertAttention: 'staff.attention',
  sendDailyDigests: 'staff.daily-digest',
  releaseExpiredHolds: 'holds.release-expired',
  expireUnconfirmedCod: 'cod.expire-unconfirmed',
  importRemittances: 'cod.import-remittances',
  // docs/architecture.md#returns
  bookReturnPickup: 'return.book-pickup',
  refundReturn: 'return.refund',
  sendReturnMessage: 'return.message',
  // docs/product.md#review-requests
  queueReviewRequests: 'reviews.queue-requests',
  sendReviewRequest: 'review.request',
  // docs/architecture.md#winback
  queueCheckoutReminders: 'winback.queue-reminders',
  sendCheckoutReminder: 'checkout.reminder',
  tellRestocks: 'stock.tell-restocks',
  sendBackInStock: 'stock.back-in-stock',
  // docs/architecture.md#whatsapp: a shopper's WhatsApp reply (a button tap, STOP).
  handleWhatsAppReply: 'whatsapp.inbound',
  // docs/architecture.md#ndr
  sendNdrMessage: 'ndr.message',
  sendNdrAction: 'ndr.action',
  sweepNdrDeadlines: 'ndr.deadlines',
} as const;

export type JobQueue = (typeof jobQueues)[keyof typeof jobQueues];

/** What each queue's jobs carry: `send` refuses any other payload at compile time. */
export interface JobPayloads {
  'shipment.create': { orderId: string };
  /**
   * `refundId` (a partial refund's first message): our refunds row, told once; without it a partial refund's
   * message is the latest one sent, sent again.
   */
  'order.email': {
    orderId: string;
    kind: OrderEmailKind;
    refundId?: string;
    /** docs/architecture.md#whatsapp: the WhatsApp message's key (one per event and channel); a resend's own. */
    messageKey?: string;
    /** Our whatsapp_messages row this job stands in for, by SMS or e-mail: sent only if it claims the fallback. */
    fallbackOf?: string;
  };
  /** Scheduled: pg-boss's cron sends no data. */
  'payments.reconcile': Record<string, never>;
  'shipment.poll-tracking': Record<string, never>;
  'order.refund': { orderId: string };
  /** Our payments row id of a second captured payment. */
  'payment.refund-stray': { paymentId: string };
  /** Our contact_messages row id, and which of its two e-mails: one job each, so a retry repeats neither. */
  'contact.forward': { messageId: string; recipient: 'shop' | 'sender' };
  /** Our contact_replies row id: the console's reply, e-mailed to the message's sender. */
  'contact.reply': { replyId: string };
  /** A product whose stock reached its low-stock threshold: the owners are e-mailed once per crossing. */
  'stock.low-alert': { productId: number };
  /** A newly paid order: e-mails to the staff who chose "each order", and pushes (docs/product.md#staff-alerts). */
  'staff.new-order': { orderId: string };
  /** Our order_attention row id: a new needs-attention flag, pushed to the devices that asked. */
  'staff.attention': { attentionId: string };
  /** Scheduled every hour: from 9:00 am IST, the daily digests not sent yet. */
  'staff.daily-digest': Record<string, never>;
  /** Scheduled every minute: the checkouts' holds past their time are given back (docs/architecture.md#holds). */
  'holds.release-expired': Record<string, never>;
  /** Scheduled every minute: COD orders unconfirmed past their time are cancelled (docs/product.md#cash-on-delivery). */
  'cod.expire-unconfirmed': Record<string, never>;
  /** Our cod_remittance_imports row id: imports the stored remittance file (docs/architecture.md#cod-money). */
  'cod.import-remittances': { importId: string };
  /** Our returns row id: books (or finds) its reverse pickup at Shiprocket. */
  'return.book-pickup': { returnId: string };
  /** Our returns row id: asks the provider for its pending refund attempt, if no reply was recorded. */
  'return.refund': { returnId: string };
  /** A step of the return told to the shopper, by e-mail or SMS. */
  'return.message': {
    returnId: string;
    kind: ReturnMessageKind;
    /** Our whatsapp_messages row this job stands in for (docs/product.md#whatsapp): sent only if it claims it. */
    fallbackOf?: string;
  };
  /** Scheduled every hour: the delivered orders whose review request is due get one each. */
  'reviews.queue-requests': Record<string, never>;
  /** Our review_requests row (its order id): the request e-mailed (or sent by SMS) with its review link. */
  'review.request': { orderId: string };
  /** Scheduled every minute: the abandoned checkouts whose reminder is due get their row and job. */
  'winback.queue-reminders': Record<string, never>;
  /** Our checkout_reminders row id: the reminder checked again and sent (docs/product.md#winback). */
  /** `fallbackOf`: the reminder's WhatsApp message failed; this job sends it by e-mail or SMS if it claims it. */
  'checkout.reminder': { reminderId: string; fallbackOf?: string };
  /** Scheduled every minute: each product back in stock takes its batch off its "Notify me" list. */
  'stock.tell-restocks': Record<string, never>;
  /** Our stock_notify_requests row id: the shopper told the product is back (docs/product.md#notify-me). */
  /** `fallbackOf`: the notice's WhatsApp message failed; this job sends it by e-mail or SMS if it claims it. */
  'stock.back-in-stock': { requestId: string; fallbackOf?: string };
  /** Our whatsapp_inbound row (Meta's message id): a button tap or a text, handled once. */
  'whatsapp.inbound': { wamid: string };
  /** Our ndr_reports row: a failed delivery told to the shopper (`attempt`: the one it is about). */
  /**
   * `fallbackOf`: our whatsapp_messages row of this message, which failed: the phone's part goes by SMS instead (the
   * e-mail went already).
   */
  'ndr.message': { reportId: string; kind: NdrMessageKind; attempt: number; fallbackOf?: string };
  /** Our ndr_reports row: the choice for this attempt told to Shiprocket (keyed by report and attempt). */
  'ndr.action': { reportId: string; attempt: number };
  /** Scheduled every minute: the reports nobody answered by their deadline take the owner's default. */
  'ndr.deadlines': Record<string, never>;
}

export interface JobOptions {
  startAfterSeconds?: number;
  /**
   * At most one job of the queue with this key waiting, retrying or running: a send while there is one
   * queues nothing. (pg-boss itself dedupes keys only on singleton and stately queues; ours are standard.)
   */
  singletonKey?: string;
}

export interface Jobs {
  /**
   * Enqueues inside the caller's transaction (docs/architecture.md#durable-work): the job exists if and only if the
   * change that needs it commits. False when nothing was queued because of `singletonKey`.
   */
  send<Q extends JobQueue>(
    tx: Database,
    queue: Q,
    data: JobPayloads[Q],
    options?: JobOptions,
  ): Promise<boolean>;
  /** Runs `handler` for each job of the queue in this process; a throw retries the job with backoff. */
  work<Q extends JobQueue>(queue: Q, handler: (data: JobPayloads[Q]) => Promise<void>): Promise<void>;
  schedule(queue: JobQueue, cron: string): Promise<void>;
  boss: PgBoss;
}
