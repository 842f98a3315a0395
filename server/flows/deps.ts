import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ShippingConfig } from '../config';
import type { Database } from '../db/client';
import type { RazorpayGateway } from '../modules/payments/razorpay-gateway';
import type { ShiprocketGateway } from '../modules/shipping/shiprocket-gateway';
import type { Jobs } from '../plugins/jobs';

/** What the money flows need: the database, the job queue, Razorpay and a logger. */
export interface PaymentDeps {
  db: Database;
  jobs: Pick<Jobs, 'send'>;
  razorpay: RazorpayGateway;
  log: FastifyBaseLogger;
}

/** What the shipment flows need. */
export interface ShippingDeps {
  db: Database;
  jobs: Pick<Jobs, 'send'>;
  shiprocket: ShiprocketGateway;
  shipping: ShippingConfig;
  /** Shiprocket requires a billing e-mail: a shopper with none is billed at the shop's care address. */
  careEmail: string;
  log: FastifyBaseLogger;
}

export function paymentDeps(app: FastifyInstance): PaymentDeps {
  return { db: app.db, jobs: app.jobs, razorpay: app.razorpay, log: app.log };
}

export function shippingDeps(app: FastifyInstance): ShippingDeps {
  return {
    db: app.db,
    jobs: app.jobs,
    shiprocket: app.shiprocket,
    shipping: app.config.shipping,
    careEmail: app.config.careEmail,
    log: app.log,
  };
}

// ---- Returns (docs/architecture.md#returns) ----

/** The COD refund the payouts module makes (SHARED-NAMES: `refundByPayout`), injected so returns stay apart. */
export interface CodRefundInput {
  orderId: string;
  amountPaise: number;
  /** The shopper's UPI ID. */
  vpa: string;
  reason: string;
  returnId?: string | null;
  /** Idempotency: the same key pays once however often it is called. */
  key: string;
}

export interface CodRefundOutcome {
  status: 'pending' | 'processed' | 'failed';
  failureReason?: string | null;
}

export type PayOutCodRefund = (input: CodRefundInput) => Promise<CodRefundOutcome>;

export interface ReturnRefundDeps extends PaymentDeps {
  payOutCodRefund: PayOutCodRefund;
}

/** What the return flows need: the money flows' and the shipment flows' dependencies, and the COD payout. */
export type ReturnDeps = ReturnRefundDeps & ShippingDeps;

/**
 * A cash-on-delivery return's refund goes to the shopper's UPI ID through the payouts module (docs/architecture.md#returns).
 * Until that module is wired in here, such a refund is recorded failed with this reason, never faked as paid.
 */
export const codRefundsNotSetUp: PayOutCodRefund = async () => ({
  status: 'failed',
  failureReason: 'Cash-on-delivery refunds by payout are not set up on this shop yet.',
});

export function returnDeps(
  app: FastifyInstance,
  payOutCodRefund: PayOutCodRefund = codRefundsNotSetUp,
): ReturnDeps {
  return { ...paymentDeps(app), ...shippingDeps(app), payOutCodRefund };
}
