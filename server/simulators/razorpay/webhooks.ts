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
export interface WebhookDelivery<Event extends string = WebhookEventName> {
  eventId: string;
  event: Event;
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

/**
 * Razorpay retries a webhook for 24 hours (RazorpayX's likewise); locally a few tries show the same
 * behaviour, and tests must not wait.
 */
export function webhookRetryFor(env: string): WebhookRetryPolicy {
  return env === 'test' ? { attempts: 3, initialDelayMs: 10 } : { attempts: 6, initialDelayMs: 1000 };
}

export interface SimulatorWebhooks<Event extends string = WebhookEventName> {
  /** Queue every delivery from now on until `release`. */
  hold(): void;
  /** Send what was queued, in order, and stop holding. */
  release(): void;
  /** The next `count` events are lost: never sent, never retried (listed as `dropped`). */
  drop(count: number): void;
  /**
   * Send every event twice, with the same event id and body, as an at-least-once sender may; a number sends
   * that share of them twice, at random.
   */
  duplicate(on: boolean | number): void;
  sent(): WebhookDelivery<Event>[];
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

interface Message<Event extends string> {
  eventId: string;
  event: Event;
  body: string;
  signature: string;
}

export interface WebhookSenderOptions {
  webhookSecret: string;
  accountId: string;
  post: PostWebhook;
  retry: WebhookRetryPolicy;
  /** Where they go until `setTarget` (DEFAULT_WEBHOOK_TARGET unless given). */
  defaultTarget?: string;
}

/**
 * Razorpay's webhook sender: signed envelopes, sent after the call that caused them, retried, at least once.
 * RazorpayX's payouts use it with their own events and payloads.
 */
export function createWebhookSender<
  Event extends string = WebhookEventName,
  Payload extends object = WebhookPayload,
>(options: WebhookSenderOptions) {
  const defaultRetry = { ...options.retry };
  const defaultTarget = options.defaultTarget ?? DEFAULT_WEBHOOK_TARGET;
  let target = defaultTarget;
  let retry = defaultRetry;
  let holding = false;
  let queue: Message<Event>[] = [];
  let dropNext = 0;
  // The share of events sent twice: 0 never, 1 always.
  let duplicating = 0;
  const log = recentList<WebhookDelivery<Event>>(WEBHOOK_LOG_LIMIT);
  // A reset or close starts a new generation: sends already under way from the old one are forgotten.
  let generation = 0;
  let closed = false;
  let active = 0;
  const timers = new Set<NodeJS.Timeout>();
  let waiters: (() => void)[] = [];

  function record(message: Message<Event>, attempt: number, statusCode: number | null) {
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

  async function attempt(message: Message<Event>, number: number, of: number): Promise<void> {
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

  function start(message: Message<Event>) {
    const of = generation;
    active += 1;
    setImmediate(() => void attempt(message, 1, of));
  }

  function dispatch(message: Message<Event>) {
    start(message);
    if (duplicating > 0 && Math.random() < duplicating) start(message);
  }

  function forgetEverything() {
    generation += 1;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    queue = [];
    active = 0;
    wakeWaiters();
  }

  const controls: SimulatorWebhooks<Event> = {
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
      duplicating = typeof on === 'number' ? Math.min(1, Math.max(0, on)) : on ? 1 : 0;
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
    emit(event: Event, payload: Payload) {
      if (closed) return;
      const envelope = {
        entity: 'event',
        account_id: options.accountId,
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      };
      const body = JSON.stringify(envelope);
      const message: Message<Event> = {
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
      target = defaultTarget;
      retry = defaultRetry;
      holding = false;
      dropNext = 0;
      duplicating = 0;
      log.clear();
    },
    close() {
      closed = true;
      forgetEverything();
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
