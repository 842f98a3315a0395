import fp from 'fastify-plugin';
import { type OrderEmailJob, sendOrderEmail } from './modules/orders/order-email';
import { paymentDeps } from './modules/payments/payment-deps';
import { reconcilePendingOrders } from './modules/payments/reconcile-payments';
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
  },
  { name: 'workers', dependencies: ['jobs', 'notifier', 'razorpay-gateway'] },
);
