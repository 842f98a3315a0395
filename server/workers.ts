import fp from 'fastify-plugin';
import { expireUnconfirmedCodOrders } from './flows/cod-orders';
import { codRefundDeps, settleStuckPayouts } from './flows/cod-refunds';
import { flagUnremittedCod, runRemittanceImport } from './flows/cod-remittances';
import { paymentDeps, returnDeps, shippingDeps } from './flows/deps';
import { createShipmentForOrder, requeueUnshippedOrders } from './flows/fulfil-order';
import { sendNdrAction, syncOpenNdrs, takeNdrDefaults } from './flows/ndr';
import { reconcilePendingOrders } from './flows/reconcile-payments';
import {
  flagLongPendingRefunds,
  refundCancelledOrder,
  refundStrayPayment,
  requeueOwedRefunds,
  requeueStrayRefunds,
  settleStalePendingRefunds,
} from './flows/refunds';
import { retryUnansweredReturnRefunds, runReturnRefund } from './flows/return-refunds';
import { pollStaleReturnParcels } from './flows/return-tracking';
import { bookReturnPickupFor, sweepReturns } from './flows/returns';
import { pollStaleShipments } from './flows/tracking';
import { handleWhatsAppReply } from './flows/whatsapp-replies';
import { jobQueues } from './job-queues';
import { loginFailures } from './modules/auth/login-throttle';
import { sweepBotChallengeRows } from './modules/challenge/sweep';
import { forgetOldCodRiskRefusals } from './modules/cod/cod-risk-records';
import { sendContactReply } from './modules/contact/send-reply';
import { forwardContactMessage } from './modules/contact/service';
import { sweepExpiredHolds } from './modules/holds/holds';
import { sendNdrMessage } from './modules/ndr/ndr-message';
import { forgetExpiredNdrLinks } from './modules/ndr/ndr-writer';
import { sendOrderEmail } from './modules/orders/order-email';
import { sendReturnMessage } from './modules/returns/return-message';
import { queueReviewRequests, sendReviewRequest } from './modules/reviews/review-requests';
import { staffFailures } from './modules/staff/staff-throttle';
import { forgetOldAlertDeliveries } from './modules/staff-alerts/alert-deliveries';
import { pushAttentionAlert } from './modules/staff-alerts/attention-alert';
import { sendDailyDigests } from './modules/staff-alerts/daily-digest';
import { sendNewOrderAlerts } from './modules/staff-alerts/new-order-alert';
import { sendLowStockAlert } from './modules/stock/low-stock';
import { forgetOldWhatsAppEvents } from './modules/whatsapp/messages';
import { sendBackInStock, tellRestocks } from './modules/winback/back-in-stock';
import { queueDueReminders, sendCheckoutReminder } from './modules/winback/checkout-reminders';

/** The background work of this process (docs/architecture.md#durable-work); off when JOB_WORKERS=false. */
export default fp(
  async (app) => {
    if (!app.config.jobWorkers) return;
    const { jobs, log } = app;
    // docs/product.md#whatsapp: by WhatsApp to a shopper who chose it, else (or when it fails) e-mail or SMS.
    const orderWhatsApp = { client: app.whatsapp?.client, jobs };
    await jobs.work(jobQueues.sendOrderEmail, (job) =>
      sendOrderEmail(app.db, app.notifier, job, app.config.publicUrl, orderWhatsApp),
    );
    await jobs.work(jobQueues.handleWhatsAppReply, async (job) => {
      await handleWhatsAppReply({ ...paymentDeps(app), shiprocket: app.shiprocket.client }, job.wamid);
    });
    await jobs.work(jobQueues.forwardContactMessage, (job) =>
      forwardContactMessage(app.db, app.notifier, app.config.careEmail, job),
    );
    await jobs.work(jobQueues.alertLowStock, (job) => sendLowStockAlert(app.db, app.notifier, job));
    const alertDeps = {
      db: app.db,
      notifier: app.notifier,
      push: app.webPush?.send ?? null,
      publicUrl: app.config.publicUrl,
    };
    await jobs.work(jobQueues.alertNewOrder, (job) => sendNewOrderAlerts(alertDeps, job));
    await jobs.work(jobQueues.alertAttention, (job) => pushAttentionAlert(alertDeps, job));
    await jobs.work(jobQueues.sendDailyDigests, async () => {
      const sent = await sendDailyDigests(alertDeps, new Date());
      if (sent > 0) log.info({ sent }, 'daily order digests sent');
    });
    // Minute 30 of every UTC hour is the top of an IST hour: the digests go at 9:00 am IST, or at the first
    // hour after it that the shop is up.
    await jobs.schedule(jobQueues.sendDailyDigests, '30 * * * *');
    await jobs.work(jobQueues.sendContactReply, (job) =>
      sendContactReply(app.db, app.notifier, app.config.careEmail, job),
    );
    await jobs.work(jobQueues.reconcilePayments, async () => {
      const outcomes = await reconcilePendingOrders(paymentDeps(app));
      if (outcomes.paid + outcomes.abandoned > 0) log.info({ outcomes }, 'payments reconciled');
    });
    await jobs.schedule(jobQueues.reconcilePayments, '* * * * *');
    await jobs.work(jobQueues.releaseExpiredHolds, async () => {
      const released = await sweepExpiredHolds(app.db);
      if (released > 0) log.info({ released }, 'expired checkout holds given back');
    });
    await jobs.schedule(jobQueues.releaseExpiredHolds, '* * * * *');
    await jobs.work(jobQueues.expireUnconfirmedCod, async () => {
      const cancelled = await expireUnconfirmedCodOrders({ db: app.db, jobs });
      if (cancelled > 0) log.info({ cancelled }, 'unconfirmed cash-on-delivery orders cancelled');
    });
    await jobs.schedule(jobQueues.expireUnconfirmedCod, '* * * * *');
    await jobs.work(jobQueues.importRemittances, (job) =>
      runRemittanceImport({ db: app.db, jobs: app.jobs }, job.importId),
    );
    await jobs.work(jobQueues.refundCancelledOrder, async (job) => {
      await refundCancelledOrder(paymentDeps(app), job.orderId, 'system');
    });
    await jobs.work(jobQueues.refundStrayPayment, (job) => refundStrayPayment(paymentDeps(app), job));
    await jobs.work(jobQueues.createShipment, (job) => createShipmentForOrder(shippingDeps(app), job));
    await jobs.work(jobQueues.pollTracking, () => runSweeps(app));
    await jobs.work(jobQueues.bookReturnPickup, (job) => bookReturnPickupFor(returnDeps(app), job.returnId));
    await jobs.work(jobQueues.refundReturn, async (job) => {
      await runReturnRefund(returnDeps(app), job.returnId);
    });
    await jobs.work(jobQueues.sendReturnMessage, (job) =>
      sendReturnMessage(app.db, app.notifier, job, app.config.publicUrl, app.whatsapp?.client),
    );
    // docs/product.md#review-requests: each hour, the delivered orders whose review request is due.
    await jobs.work(jobQueues.queueReviewRequests, async () => {
      const queued = await queueReviewRequests(app.db, jobs);
      if (queued > 0) log.info({ queued }, 'review requests queued');
    });
    await jobs.schedule(jobQueues.queueReviewRequests, '45 * * * *');
    await jobs.work(jobQueues.sendReviewRequest, (job) =>
      sendReviewRequest(app.db, app.notifier, job, app.config.publicUrl),
    );
    // docs/product.md#winback: each minute, the abandoned checkouts whose reminder is due, and the products back
    // in stock whose waiting shoppers are to be told.
    await jobs.work(jobQueues.queueCheckoutReminders, async () => {
      const queued = await queueDueReminders(app.db, jobs);
      if (queued > 0) log.info({ queued }, 'checkout reminders queued');
    });
    await jobs.schedule(jobQueues.queueCheckoutReminders, '* * * * *');
    await jobs.work(jobQueues.sendCheckoutReminder, (job) =>
      sendCheckoutReminder(app.db, app.notifier, job, app.config.publicUrl, new Date(), app.whatsapp?.client),
    );
    await jobs.work(jobQueues.tellRestocks, async () => {
      const told = await tellRestocks(app.db, jobs);
      if (told > 0) log.info({ told }, 'back-in-stock notices queued');
    });
    await jobs.schedule(jobQueues.tellRestocks, '* * * * *');
    await jobs.work(jobQueues.sendBackInStock, (job) =>
      sendBackInStock(
        app.db,
        app.notifier,
        jobs,
        job,
        app.config.publicUrl,
        new Date(),
        app.whatsapp?.client,
      ),
    );
    // docs/product.md#failed-deliveries: the shopper told at once; the choice told to Shiprocket once; the default
    // taken when nobody chose by the deadline.
    await jobs.work(jobQueues.sendNdrMessage, (job) =>
      sendNdrMessage(app.db, app.notifier, job, app.config.publicUrl, app.whatsapp?.client),
    );
    await jobs.work(jobQueues.sendNdrAction, (job) => sendNdrAction(shippingDeps(app), job));
    await jobs.work(jobQueues.sweepNdrDeadlines, async () => {
      const taken = await takeNdrDefaults({ db: app.db, jobs });
      if (taken > 0) log.info({ taken }, 'failed deliveries took the default at their deadline');
    });
    await jobs.schedule(jobQueues.sweepNdrDeadlines, '* * * * *');
    // The fallback for lost tracking and refund webhooks, and for shipment and refund jobs that gave up.
    await jobs.schedule(jobQueues.pollTracking, '*/15 * * * *');
  },
  {
    name: 'workers',
    dependencies: [
      'jobs',
      'notifier',
      'web-push',
      'razorpay-gateway',
      'razorpayx-gateway',
      'shiprocket-gateway',
      'whatsapp-gateway',
    ],
  },
);

/** What the 15-minute sweep does; each part is idempotent and logs only when it found something. */
async function runSweeps(app: Parameters<typeof paymentDeps>[0]) {
  const { log } = app;
  const requeued = await requeueUnshippedOrders(shippingDeps(app));
  if (requeued > 0) log.warn({ requeued }, 'shipment jobs queued again for unshipped paid orders');
  const owed = await requeueOwedRefunds(paymentDeps(app));
  if (owed > 0) log.warn({ owed }, 'refund jobs queued again for cancelled orders still owing money');
  const stray = await requeueStrayRefunds(paymentDeps(app));
  if (stray > 0) log.warn({ stray }, 'refund jobs queued again for stray payments');
  const settled = await settleStalePendingRefunds(paymentDeps(app));
  if (settled > 0) log.warn({ settled }, 'pending refunds settled by asking Razorpay');
  const overdue = await flagLongPendingRefunds(paymentDeps(app));
  if (overdue > 0) log.warn({ overdue }, 'orders with a refund pending over a day');
  const payouts = await settleStuckPayouts(codRefundDeps(app));
  if (payouts > 0) log.warn({ payouts }, 'payouts settled by asking RazorpayX');
  const unremitted = await flagUnremittedCod({ db: app.db, jobs: app.jobs });
  if (unremitted > 0) log.warn({ unremitted }, 'COD cash delivered long ago and not remitted');
  const outcome = await pollStaleShipments(shippingDeps(app));
  if (outcome.polled + outcome.failed > 0) log.info({ outcome }, 'shipment tracking polled');
  const ndrs = await syncOpenNdrs(shippingDeps(app));
  if (ndrs > 0) log.info({ ndrs }, 'failed deliveries brought up to date with Shiprocket');
  const returnParcels = await pollStaleReturnParcels(shippingDeps(app));
  if (returnParcels.polled + returnParcels.failed > 0) log.info({ returnParcels }, 'return parcels polled');
  const returnSweep = await sweepReturns(returnDeps(app));
  if (returnSweep.overdue + returnSweep.unsettled + returnSweep.booked > 0)
    log.warn({ returnSweep }, 'returns swept');
  const returnRefunds = await retryUnansweredReturnRefunds(returnDeps(app));
  if (returnRefunds > 0) log.warn({ returnRefunds }, 'return refunds asked again');
  const forgotten =
    (await sweepBotChallengeRows(app.db)) +
    (await loginFailures.sweep(app.db)) +
    (await staffFailures.sweep(app.db));
  if (forgotten > 0) log.info({ forgotten }, 'spent challenges and finished attempt counts forgotten');
  const links = await forgetExpiredNdrLinks(app.db);
  if (links > 0) log.info({ links }, 'expired delivery links forgotten');
  const refusals = await forgetOldCodRiskRefusals(app.db);
  if (refusals > 0) log.info({ refusals }, 'COD risk refusals older than 90 days forgotten');
  const whatsappEvents = await forgetOldWhatsAppEvents(app.db);
  if (whatsappEvents > 0) log.info({ whatsappEvents }, 'WhatsApp webhook keys over 30 days old forgotten');
  const deliveries = await forgetOldAlertDeliveries(app.db);
  if (deliveries > 0) log.info({ deliveries }, 'keys of staff alerts sent over 30 days ago forgotten');
}
