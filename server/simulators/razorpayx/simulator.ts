import { randomBytes, randomInt } from 'node:crypto';
import type { PayoutStatus, PayoutStatusDetails } from '../../providers/razorpayx/types';
import { PAYOUT_WEBHOOK_PATH } from '../../providers/razorpayx/webhook';
import { badRequest } from '../razorpay/errors';
import { razorpayIdSuffix } from '../razorpay/store';
import {
  createWebhookSender,
  type PostWebhook,
  type SimulatorWebhooks,
  type WebhookRetryPolicy,
} from '../razorpay/webhooks';
import {
  createPayoutStore,
  type NewPayout,
  type PayoutKey,
  type PayoutStoreOptions,
  type SavedPayout,
  type SimulatedPayout,
  UPI_PAYOUT_FEES_PAISE,
} from './store';

export const RAZORPAYX_SIMULATOR_BASE_PATH = '/sim/razorpayx';

export type PayoutEvent =
  | 'payout.queued'
  | 'payout.pending'
  | 'payout.initiated'
  | 'payout.processed'
  | 'payout.updated'
  | 'payout.reversed'
  | 'payout.failed'
  | 'payout.rejected';

type PayoutPayload = { payout: { entity: SimulatedPayout } };

/** instant: a payout in processing settles just after the call that made it; manual: it waits for `settle`. */
export type PayoutMode = 'instant' | 'manual';
export type Settlement = 'processed' | 'failed' | 'reversed';

/**
 * The simulated account's number: fixed, as a real one is, so a payout retried after a restart sends the same
 * body it first did. (The keys change at each start; the shop takes them at start.)
 */
export const SIMULATED_ACCOUNT_NUMBER = '2323230076543210';

/** The simulator's own test UPI ID whose payouts fail, as failure@razorpay fails a payment. */
export const TEST_PAYOUT_VPA_FAILURE = 'failure@razorpay';

export interface RazorpayXSimulator {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  accountId: string;
  /** The account number payouts must name. */
  accountNumber: string;
  /** Path prefix of the simulated API on this app. */
  baseUrl: string;
  setMode(mode: PayoutMode): void;
  /** Where an instant payout ends (processed unless told). */
  setInstantOutcome(outcome: Settlement): void;
  /** With approval workflow on, new payouts wait as `pending` until `approve` or `reject`. */
  setApprovalWorkflow(on: boolean): void;
  /** The money in the account; payouts beyond it are queued until `setBalance` adds enough. */
  setBalance(paise: number): void;
  approve(payoutId: string): SimulatedPayout;
  reject(payoutId: string): SimulatedPayout;
  /** Ends a payout in processing; `webhook: false` loses its webhooks, as a delivery RazorpayX never made. */
  settle(payoutId: string, outcome: Settlement, options?: { webhook?: boolean }): SimulatedPayout;
  payout(payoutId: string): SimulatedPayout;
  webhooks: SimulatorWebhooks<PayoutEvent>;
  /** Back to defaults: instant, processed, no approval, a full account, webhooks as at start. Payouts stay. */
  reset(): void;
}

export interface RazorpayXSimulatorOptions {
  postWebhook: PostWebhook;
  webhookRetry: WebhookRetryPolicy;
  state?: PayoutStoreOptions & { load?: (key: PayoutKey) => Promise<SavedPayout[]> };
}

const DEFAULT_BALANCE_PAISE = 100_000_000;

const details = (reason: string, description: string, source: string): PayoutStatusDetails => ({
  reason,
  description,
  source,
});

// Wording after RazorpayX's payout status details; the exact texts are not all published.
const STATUS_DETAILS: Record<
  'queued' | 'pending' | 'processing' | Settlement | 'rejected',
  PayoutStatusDetails
> = {
  queued: details(
    'low_balance',
    'Payout is queued as there is insufficient balance in your business account to process the payout',
    'business',
  ),
  pending: details('pending_approval', 'Payout is pending approval from your team', 'business'),
  processing: details(
    'payout_bank_processing',
    'Payout is being processed by our partner bank. Please check the final status after some time',
    'bank',
  ),
  processed: details(
    'payout_processed',
    'Payout is processed and the money has been credited into the beneficiary account',
    'beneficiary_bank',
  ),
  failed: details(
    'invalid_vpa',
    'Payout failed as the beneficiary VPA is invalid. Please check the VPA and try again',
    'beneficiary_bank',
  ),
  reversed: details(
    'beneficiary_bank_failure',
    'Payout was reversed by the beneficiary bank. The amount has been returned to your account',
    'beneficiary_bank',
  ),
  rejected: details('rejected_by_approver', 'Payout was rejected by an approver on your team', 'business'),
};

const newUtr = () => `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`;

/** The simulated RazorpayX account: its payouts, its balance, its webhooks and the controls tests drive. */
export function createRazorpayXSimulator(options: RazorpayXSimulatorOptions) {
  const keySecret = randomBytes(18).toString('base64url');
  const webhookSecret = randomBytes(18).toString('base64url');
  const accountId = `acc_${razorpayIdSuffix()}`;
  const store = createPayoutStore(options.state);
  const webhooks = createWebhookSender<PayoutEvent, PayoutPayload>({
    webhookSecret,
    accountId,
    post: options.postWebhook,
    retry: options.webhookRetry,
    defaultTarget: PAYOUT_WEBHOOK_PATH,
  });
  let mode: PayoutMode = 'instant';
  let instantOutcome: Settlement = 'processed';
  let approvalWorkflow = false;
  let balance = DEFAULT_BALANCE_PAISE;
  const settling = new Set<NodeJS.Immediate>();

  const emit = (event: PayoutEvent, payout: SimulatedPayout) =>
    webhooks.emit(event, { payout: { entity: payout } });

  /** Takes the money (amount and fees) and starts the transfer; without enough, the payout waits queued. */
  function startProcessing(payout: SimulatedPayout): SimulatedPayout {
    const cost = payout.amount + payout.fees;
    if (cost > balance) {
      if (payout.status === 'queued') return payout;
      const queued = store.move(payout.id, ['pending'], 'queued', STATUS_DETAILS.queued);
      emit('payout.queued', queued);
      return queued;
    }
    balance -= cost;
    const processing = store.move(payout.id, ['queued', 'pending'], 'processing', STATUS_DETAILS.processing);
    emit('payout.initiated', processing);
    scheduleInstantSettle(processing);
    return processing;
  }

  function scheduleInstantSettle(payout: SimulatedPayout) {
    if (mode !== 'instant') return;
    const outcome = payout.fund_account.vpa.address === TEST_PAYOUT_VPA_FAILURE ? 'failed' : instantOutcome;
    // After the reply that made it: the caller sees `processing` first, as from RazorpayX.
    const timer = setImmediate(() => {
      settling.delete(timer);
      // A test may have settled it by hand meanwhile, or the store let it go.
      const key = { payoutId: payout.id };
      if (store.holds(key) && store.payout(payout.id).status === 'processing') settle(payout.id, outcome);
    });
    settling.add(timer);
  }

  function settle(payoutId: string, outcome: Settlement, settleOptions: { webhook?: boolean } = {}) {
    const payout = store.move(
      payoutId,
      ['processing'],
      outcome,
      STATUS_DETAILS[outcome],
      outcome === 'processed' ? newUtr() : undefined,
    );
    // A failed or reversed payout gives the money back to the account, fees included.
    if (outcome !== 'processed') balance += payout.amount + payout.fees;
    if (settleOptions.webhook !== false) {
      emit(`payout.${outcome}`, payout);
      // RazorpayX also reports every change of the entity as payout.updated: a second delivery of the same
      // payout id and status, which the shop's de-duplication must absorb.
      emit('payout.updated', payout);
    }
    return payout;
  }

  /** A new payout: pending for approval, processing, or queued for money. */
  function create(input: NewPayout, idempotencyKey: string, requestHash: string, queueIfLowBalance: boolean) {
    const replayed = store.replay(idempotencyKey, requestHash);
    if (replayed) return replayed;
    if (!approvalWorkflow && !queueIfLowBalance && input.amount + UPI_PAYOUT_FEES_PAISE > balance) {
      throw badRequest(
        'Your account does not have enough balance to carry out the payout operation.',
        'amount',
      );
    }
    const initial: PayoutStatus = approvalWorkflow ? 'pending' : 'queued';
    const created = store.create(
      input,
      idempotencyKey,
      requestHash,
      initial,
      STATUS_DETAILS[initial === 'pending' ? 'pending' : 'queued'],
    );
    if (approvalWorkflow) {
      emit('payout.pending', created);
      return created;
    }
    const started = startProcessing(created);
    if (started.status === 'queued') emit('payout.queued', started);
    return started;
  }

  const simulator: RazorpayXSimulator = {
    keyId: `rzp_test_${razorpayIdSuffix()}`,
    keySecret,
    webhookSecret,
    accountId,
    accountNumber: SIMULATED_ACCOUNT_NUMBER,
    baseUrl: RAZORPAYX_SIMULATOR_BASE_PATH,
    setMode(next) {
      mode = next;
    },
    setInstantOutcome(outcome) {
      instantOutcome = outcome;
    },
    setApprovalWorkflow(on) {
      approvalWorkflow = on;
    },
    setBalance(paise) {
      balance = paise;
      // Money in: queued payouts go, oldest first, while it lasts.
      for (const payoutId of store.idsWithStatus('queued')) {
        if (startProcessing(store.payout(payoutId)).status === 'queued') break;
      }
    },
    approve(payoutId) {
      const payout = store.payout(payoutId);
      if (payout.status !== 'pending')
        throw badRequest(`The payout is ${payout.status}: it cannot be approved`);
      return startProcessing(payout);
    },
    reject(payoutId) {
      const payout = store.move(payoutId, ['pending'], 'rejected', STATUS_DETAILS.rejected);
      emit('payout.rejected', payout);
      emit('payout.updated', payout);
      return payout;
    },
    settle,
    payout: (payoutId) => store.payout(payoutId),
    webhooks: webhooks.controls,
    reset() {
      mode = 'instant';
      instantOutcome = 'processed';
      approvalWorkflow = false;
      balance = DEFAULT_BALANCE_PAISE;
      webhooks.reset();
    },
  };

  return {
    simulator,
    store,
    create,
    /** Before a call that names a payout or a key: one the store let go of is read back from the database. */
    async recall(key: PayoutKey): Promise<void> {
      const load = options.state?.load;
      if (!load || store.holds(key)) return;
      store.remember(await load(key));
    },
    close() {
      for (const timer of settling) clearImmediate(timer);
      settling.clear();
      webhooks.close();
    },
  };
}

export type RazorpayXSimulatorInternals = ReturnType<typeof createRazorpayXSimulator>;
