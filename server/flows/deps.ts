import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CodPayoutStatus } from '../../contracts/cod-money';
import type { ShippingConfig } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import type { Jobs } from '../job-queues';
import type { RazorpayGateway } from '../modules/payments/razorpay-gateway';
import type { ShiprocketGateway } from '../modules/shipping/shiprocket-gateway';
import { codRefundDeps, refundByPayout } from './cod-refunds';

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

const OPEN_PAYOUT: ReadonlySet<CodPayoutStatus> = new Set(['queued', 'pending', 'processing']);

/**
 * A cash-on-delivery return's refund goes to the shopper's UPI ID as a RazorpayX payout (docs/architecture.md#returns,
 * #payouts), under the return attempt's key: asked again (the return's refund job and sweep), the same key
 * answers with the same payout's latest status, which its webhook or the payout sweep keeps current. A refusal
 * (no payouts configured, a UPI ID RazorpayX turns down) fails the attempt with its reason; RazorpayX out of
 * reach throws, and the job asks again.
 */
export function payOutReturnRefund(app: FastifyInstance): PayOutCodRefund {
  return async (input) => {
    try {
      const outcome = await refundByPayout(codRefundDeps(app), input);
      if (outcome.status === 'processed') return { status: 'processed' };
      if (OPEN_PAYOUT.has(outcome.status)) return { status: 'pending' };
      return { status: 'failed', failureReason: outcome.message };
    } catch (error) {
      if (error instanceof AppError && error.kind !== 'upstream_failed') {
        return { status: 'failed', failureReason: error.message };
      }
      throw error;
    }
  };
}

export function returnDeps(
  app: FastifyInstance,
  payOutCodRefund: PayOutCodRefund = payOutReturnRefund(app),
): ReturnDeps {
  return { ...paymentDeps(app), ...shippingDeps(app), payOutCodRefund };
}
