import type { FastifyInstance } from 'fastify';
import type { PaymentDeps } from './settle-payment';

export function paymentDeps(app: FastifyInstance): PaymentDeps {
  return { db: app.db, jobs: app.jobs, razorpay: app.razorpay, log: app.log };
}
