import fp from 'fastify-plugin';
import { type OrderEmailJob, sendOrderEmail } from './modules/orders/order-email';
import {
  type RefundJob,
  refundCancelledOrder,
  requeueOwedRefunds,
} from './modules/orders/refund-cancelled-order';
import { paymentDeps } from './modules/payments/payment-deps';
import { reconcilePendingOrders } from './modules/payments/reconcile-payments';
import { refundStrayPayment, type StrayPaymentJob } from './modules/payments/stray-payments';
import { type CreateShipmentJob, createShipmentForOrder } from './modules/shipping/create-shipment';
import { requeueUnshippedOrders } from './modules/shipping/enqueue-shipment';
import { pollStaleShipments } from './modules/shipping/poll-tracking';
import { shippingDeps } from './modules/shipping/shipping-deps';
import { jobQueues } from './plugins/jobs';

/** The background work of this process (DESIGN.md "Durable work"); off when JOB_WORKERS=false. */
export default fp(
  async (app) => {
    if (!app.config.jobWorkers) return;
    await app.jobs.work<OrderEmailJob>(jobQueues.sendOrderEmail, (job) =>
      sendOrderEmail(app.db, app.notifier, job),
    );
    await app.jobs.work(jobQueues.reconcilePayments, async () => {
      const outcomes = await reconcilePendingOrders(paymentDeps(app));
      if (outcomes.paid + outcomes.abandoned > 0) app.log.info({ outcomes }, 'payments reconciled');
    });
    await app.jobs.schedule(jobQueues.reconcilePayments, '* * * * *');
    await app.jobs.work<RefundJob>(jobQueues.refundCancelledOrder, async (job) => {
      await refundCancelledOrder(paymentDeps(app), job.orderId, 'system');
    });
    await app.jobs.work<StrayPaymentJob>(jobQueues.refundStrayPayment, (job) =>
      refundStrayPayment(paymentDeps(app), job),
    );
    await app.jobs.work<CreateShipmentJob>(jobQueues.createShipment, (job) =>
      createShipmentForOrder(shippingDeps(app), job),
    );
    await app.jobs.work(jobQueues.pollTracking, async () => {
      const requeued = await requeueUnshippedOrders(shippingDeps(app));
      if (requeued > 0) app.log.warn({ requeued }, 'shipment jobs queued again for unshipped paid orders');
      const owed = await requeueOwedRefunds(paymentDeps(app));
      if (owed > 0) app.log.warn({ owed }, 'refund jobs queued again for cancelled orders still owing money');
      const outcome = await pollStaleShipments(shippingDeps(app));
      if (outcome.polled + outcome.failed > 0) app.log.info({ outcome }, 'shipment tracking polled');
    });
    // The fallback for lost tracking webhooks, and for shipment and refund jobs that gave up.
    await app.jobs.schedule(jobQueues.pollTracking, '*/15 * * * *');
  },
  { name: 'workers', dependencies: ['jobs', 'notifier', 'razorpay-gateway', 'shiprocket-gateway'] },
);
