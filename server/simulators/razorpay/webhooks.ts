import { createHmac } from 'node:crypto';
import type { RazorpayWebhookEvent } from '../../providers/razorpay/types';
import { recentList } from '../recent';
import { razorpayIdSuffix } from './store';

export type WebhookEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.processed'
  | 'refund.failed';

export const DEFAULT_WEBHOOK_TARGET = '/api/payment/webhook';

/** How many of the latest deliveries `sent()` lists (docs/operations.md#stalls-and-memory). */
export const WEBHOOK_LOG_LIMIT = 1_000;

/** One attempt to deliver one event (a retry or a duplicate is another entry with the same event id). */
export interface WebhookDelivery {
  eventId: string;
  event: WebhookEventName;
  attempt: number;
  /** `null` when nothing answered: the event was dropped on purpose, or the call itself threw. */
  statusCode: number | null;
  outcome: 'delivered' | 'failed' | 'dropped';
  target: string;
  /** The raw body exactly as signed and sent. */
  body: string;
  signature: string;
  at: number;
}

export interface WebhookRetryPolicy {
  /** Tries per delivery, the first included. */
  attempts: number;
  /** Wait before the first retry; it doubles at each further one. */
  initialDelayMs: number;
}

export interface SimulatorWebhooks {
  /** Queue every delivery from now on until `release`. */
  hold(): void;
  /** Send what was queued, in order, and stop holding. */
  release(): void;
  /** The next `count` events are lost: never sent, never retried (listed as `dropped`). */
  drop(count: number): void;
  /** Send every event twice, with the same event id and body, as an at-least-once sender may. */
  duplicate(on: boolean): void;
  sent(): WebhookDelivery[];
  /** The path on this app that receives the webhooks. */
  setTarget(path: string): void;
  setRetryPolicy(policy: WebhookRetryPolicy): void;
  /** How many events `hold` is keeping back. */
  held(): number;
  /** Resolves once nothing is being sent or waiting for a retry (held events don't count). */
  settled(): Promise<void>;
}

/** Sends one signed webhook to a path of this app; resolves to the reply's status code. */
export type PostWebhook = (target: string, headers: Record<string, string>, body: string) => Promise<number>;

type WebhookPayload = RazorpayWebhookEvent['payload'];

interface Message {
  eventId: string;
  event: WebhookEventName;
  body: string;
  signature: string;
}

export interface WebhookSenderOptions {
  webhookSecret: string;
  accountId: string;
  post: PostWebhook;
  retry: WebhookRetryPolicy;
}

/** Razorpay's webhook sender: signed envelopes, sent after the call that caused them, retried, at least once. */
export function createWebhookSender(options: WebhookSenderOptions) {
  const defaultRetry = { ...options.retry };
  let target = DEFAULT_WEBHOOK_TARGET;
  let retry = defaultRetry;
  let holding = false;
  let queue: Message[] = [];
  let dropNext = 0;
  let duplicating = false;
  const log = recentList<WebhookDelivery>(WEBHOOK_LOG_LIMIT);
  // A reset or close starts a new generation: sends already under way from the old one are forgotten.
  let generation = 0;
  let closed = false;
  let active = 0;
  const timers = new Set<NodeJS.Timeout>();
  let waiters: (() => void)[] = [];

  function record(message: Message, attempt: number, statusCode: number | null) {
    const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
    log.push({
      eventId: message.eventId,
      event: message.event,
      attempt,
      statusCode,
      outcome: delivered ? 'delivered' : 'failed',
      target,
      body: message.body,
      signature: message.signature,
      at: Date.now(),
    });
    return delivered;
  }

  function finish(of: number) {
    if (of !== generation) return;
    active -= 1;
    if (active === 0) wakeWaiters();
  }

  function wakeWaiters() {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  }

  async function attempt(message: Message, number: number, of: number): Promise<void> {
    if (of !== generation) return;
    let statusCode: number | null;
    try {
      statusCode = await options.post(
        target,
        {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1',
          'x-razorpay-event-id': message.eventId,
          'x-razorpay-signature': message.signature,
        },
        message.body,
      );
    } catch {
      statusCode = null;
    }
    if (of !== generation) return;
    const delivered = record(message, number, statusCode);
    if (delivered || number >= retry.attempts) return finish(of);
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void attempt(message, number + 1, of);
      },
      retry.initialDelayMs * 2 ** (number - 1),
    );
    timers.add(timer);
  }

  function start(message: Message) {
    const of = generation;
    active += 1;
    setImmediate(() => void attempt(message, 1, of));
  }

  function dispatch(message: Message) {
    start(message);
    if (duplicating) start(message);
  }

  function forgetEverything() {
    generation += 1;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    queue = [];
    active = 0;
    wakeWaiters();
  }

  const controls: SimulatorWebhooks = {
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      const released = queue;
      queue = [];
      for (const message of released) dispatch(message);
    },
    drop(count) {
      dropNext = count;
    },
    duplicate(on) {
      duplicating = on;
    },
    sent: () => log.all().map((delivery) => ({ ...delivery })),
    setTarget(path) {
      target = path;
    },
    setRetryPolicy(policy) {
      retry = { ...policy };
    },
    held: () => queue.length,
    settled: () => (active === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };

  return {
    controls,
    emit(event: WebhookEventName, payload: WebhookPayload) {
      if (closed) return;
      const envelope: RazorpayWebhookEvent = {
        entity: 'event',
        account_id: options.accountId,
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      };
      const body = JSON.stringify(envelope);
      const message: Message = {
        eventId: razorpayIdSuffix(),
        event,
        body,
        signature: createHmac('sha256', options.webhookSecret).update(body).digest('hex'),
      };
      if (dropNext > 0) {
        dropNext -= 1;
        log.push({
          ...message,
          attempt: 0,
          statusCode: null,
          outcome: 'dropped',
          target,
          at: Date.now(),
        });
      } else if (holding) {
        queue.push(message);
      } else {
        dispatch(message);
      }
    },
    reset() {
      forgetEverything();
      target = DEFAULT_WEBHOOK_TARGET;
      retry = defaultRetry;
      holding = false;
      dropNext = 0;
      duplicating = false;
      log.clear();
    },
    close() {
      closed = true;
      forgetEverything();
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
