import { setTimeout as sleep } from 'node:timers/promises';
import type { RazorpayCollection, RazorpayOrder, RazorpayPayment, RazorpayRefund } from './types';

export interface RazorpayClientOptions {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** The simulator passes an in-process fetch; by default the platform's. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Extra tries for calls that are safe to repeat (reads, and refunds with their idempotency key). */
  retries?: number;
  retryDelayMs?: number;
}

/**
 * Razorpay refused the call (`rejected`, a 4xx with its error envelope) or could not be reached in time
 * (`unavailable`: network failure, time-out or a 5xx).
 */
export class RazorpayError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'RazorpayError';
  }
}

export interface CreateOrderInput {
  amount: number;
  currency: 'INR';
  receipt: string;
  notes?: Record<string, string>;
}

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  repeatable: boolean;
}

function errorDescription(payload: unknown): { description?: string; code?: string } {
  if (typeof payload !== 'object' || payload === null) return {};
  const error = (payload as { error?: { description?: unknown; code?: unknown } }).error;
  return {
    description: typeof error?.description === 'string' ? error.description : undefined,
    code: typeof error?.code === 'string' ? error.code : undefined,
  };
}

/** A small typed client of Razorpay's REST API (docs/architecture.md#razorpay: the SDK hard-codes its host). */
export function createRazorpayClient(options: RazorpayClientOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const baseUrl = options.baseUrl.replace(/\/$/, '');

  async function callOnce<T>(method: 'GET' | 'POST', path: string, call: CallOptions): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...call.headers,
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new RazorpayError('unavailable', `Razorpay could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    let payload: unknown;
    try {
      payload = text === '' ? undefined : JSON.parse(text);
    } catch {
      payload = undefined;
    }
    if (response.ok && payload !== undefined) return payload as T;
    const { description, code } = errorDescription(payload);
    const kind = response.status >= 500 || response.ok ? 'unavailable' : 'rejected';
    throw new RazorpayError(
      kind,
      description ?? `Razorpay replied ${response.status}`,
      response.status,
      code,
    );
  }

  async function call<T>(method: 'GET' | 'POST', path: string, callOptions: CallOptions): Promise<T> {
    const attempts = callOptions.repeatable ? retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await callOnce<T>(method, path, callOptions);
      } catch (error) {
        const retryable = error instanceof RazorpayError && error.kind === 'unavailable';
        if (!retryable || attempt >= attempts) throw error;
        await sleep(retryDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    keyId: options.keyId,
    // A second order on a repeated create would be harmless but is not repeated: the caller decides.
    createOrder: (input: CreateOrderInput) =>
      call<RazorpayOrder>('POST', '/v1/orders', { body: input, repeatable: false }),
    fetchOrder: (orderId: string) =>
      call<RazorpayOrder>('GET', `/v1/orders/${id(orderId)}`, { repeatable: true }),
    fetchOrderPayments: (orderId: string) =>
      call<RazorpayCollection<RazorpayPayment>>('GET', `/v1/orders/${id(orderId)}/payments`, {
        repeatable: true,
      }),
    fetchPayment: (paymentId: string) =>
      call<RazorpayPayment>('GET', `/v1/payments/${id(paymentId)}`, { repeatable: true }),
    capturePayment: (paymentId: string, amount: number, currency = 'INR') =>
      call<RazorpayPayment>('POST', `/v1/payments/${id(paymentId)}/capture`, {
        body: { amount, currency },
        repeatable: false,
      }),
    fetchRefund: (refundId: string) =>
      call<RazorpayRefund>('GET', `/v1/refunds/${id(refundId)}`, { repeatable: true }),
    refundPayment: (
      paymentId: string,
      input: { amount?: number; idempotencyKey: string; notes?: Record<string, string> },
    ) =>
      call<RazorpayRefund>('POST', `/v1/payments/${id(paymentId)}/refund`, {
        body: {
          ...(input.amount === undefined ? {} : { amount: input.amount }),
          speed: 'normal',
          notes: input.notes,
        },
        headers: { 'X-Refund-Idempotency': input.idempotencyKey },
        repeatable: true,
      }),
  };
}

export type RazorpayClient = ReturnType<typeof createRazorpayClient>;
