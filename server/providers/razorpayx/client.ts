import { setTimeout as sleep } from 'node:timers/promises';
import type { ContactType, RazorpayXPayout } from './types';

export interface RazorpayXClientOptions {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** The RazorpayX account the money leaves from (Banking > account number), not the payee's. */
  accountNumber: string;
  /** The simulator passes an in-process fetch; by default the platform's. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Extra tries after a network failure, time-out or 5xx: a payout carries its idempotency key. */
  retries?: number;
  retryDelayMs?: number;
}

/**
 * RazorpayX refused the call (`rejected`: a 4xx with Razorpay's error envelope) or could not be reached in
 * time (`unavailable`: network failure, time-out or a 5xx).
 */
export class RazorpayXError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'RazorpayXError';
  }
}

/** A refund paid to a shopper's UPI ID. */
export interface VpaPayoutInput {
  amountPaise: number;
  /** The shopper's UPI ID, "name@bank". */
  vpa: string;
  contact: { name: string; email?: string; phone?: string; type?: ContactType; referenceId?: string };
  /** Ours, at most 40 characters: what the payout pays (a refund's id). */
  referenceId: string;
  /** On the shopper's bank statement: at most 30 letters, digits and spaces. */
  narration?: string;
  notes?: Record<string, string>;
  /**
   * X-Payout-Idempotency: 4-36 letters, digits, `-`, `_` or spaces. Every try of one payout sends the same key
   * and the same body; a different body with a used key is refused. A new key only after a failed payout.
   */
  idempotencyKey: string;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\- ]{4,36}$/;

function errorOf(payload: unknown): { description?: string; code?: string; field?: string } {
  if (typeof payload !== 'object' || payload === null) return {};
  const error = (payload as { error?: Record<string, unknown> }).error;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { description: text(error?.description), code: text(error?.code), field: text(error?.field) };
}

/** The body of a composite payout to a VPA: contact, fund account and payout in one call. */
export function vpaPayoutBody(accountNumber: string, input: VpaPayoutInput) {
  const { contact } = input;
  return {
    account_number: accountNumber,
    amount: input.amountPaise,
    currency: 'INR',
    mode: 'UPI',
    purpose: 'refund',
    fund_account: {
      account_type: 'vpa',
      vpa: { address: input.vpa },
      contact: {
        name: contact.name,
        ...(contact.email ? { email: contact.email } : {}),
        ...(contact.phone ? { contact: contact.phone } : {}),
        type: contact.type ?? 'customer',
        ...(contact.referenceId ? { reference_id: contact.referenceId } : {}),
      },
    },
    // With too little balance the payout waits for money rather than failing.
    queue_if_low_balance: true,
    reference_id: input.referenceId,
    ...(input.narration ? { narration: input.narration } : {}),
    ...(input.notes ? { notes: input.notes } : {}),
  };
}

/** A small typed client of RazorpayX's payouts (docs/architecture.md#razorpayx), beside the Razorpay one. */
export function createRazorpayXClient(options: RazorpayXClientOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const baseUrl = options.baseUrl.replace(/\/$/, '');

  async function callOnce<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new RazorpayXError('unavailable', `RazorpayX could not be reached: ${(error as Error).message}`);
    }
    let payload: unknown;
    try {
      payload = text === '' ? undefined : JSON.parse(text);
    } catch {
      payload = undefined;
    }
    if (response.ok && payload !== undefined) return payload as T;
    const { description, code, field } = errorOf(payload);
    const kind = response.status >= 500 || response.ok ? 'unavailable' : 'rejected';
    throw new RazorpayXError(
      kind,
      description ?? `RazorpayX replied ${response.status}`,
      response.status,
      code,
      field,
    );
  }

  // Every call here is safe to repeat: reads, and payouts with their idempotency key.
  async function call<T>(...args: Parameters<typeof callOnce>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await callOnce<T>(...args);
      } catch (error) {
        const retryable = error instanceof RazorpayXError && error.kind === 'unavailable';
        if (!retryable || attempt > retries) throw error;
        await sleep(retryDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  return {
    /**
     * Pays the amount to the UPI ID, making the contact and fund account on the way (the composite API).
     * The reply is usually `processing` (or `queued`, `pending`); the outcome comes by webhook or `fetchPayout`.
     */
    createVpaPayout(input: VpaPayoutInput): Promise<RazorpayXPayout> {
      if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
        throw new RangeError('an idempotency key is 4 to 36 letters, digits, "-", "_" or spaces');
      }
      return call<RazorpayXPayout>('POST', '/v1/payouts', vpaPayoutBody(options.accountNumber, input), {
        'X-Payout-Idempotency': input.idempotencyKey,
      });
    },
    fetchPayout: (payoutId: string) =>
      call<RazorpayXPayout>('GET', `/v1/payouts/${encodeURIComponent(payoutId)}`),
  };
}

export type RazorpayXClient = ReturnType<typeof createRazorpayXClient>;
