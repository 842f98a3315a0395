import { setMaxListeners } from 'node:events';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { TrackingWebhookPayload } from '../../providers/shiprocket/types';
import { SHIPPING_WEBHOOK_PATH } from '../../providers/shiprocket/webhook';
import { recentList } from '../recent';

/** One attempt to deliver a tracking webhook. */
export interface SentWebhook {
  path: string;
  headers: Record<string, string>;
  payload: TrackingWebhookPayload;
  /** The target's reply, or undefined when the request itself failed. */
  statusCode: number | undefined;
  attempt: number;
}

export interface ShiprocketWebhookControls {
  /** The path on this app that receives tracking webhooks (default SHIPPING_WEBHOOK_PATH). */
  setTarget(path: string): void;
  /** Keeps new webhooks back until `release`. */
  hold(): void;
  release(): void;
  /** Every attempt so far, oldest first. */
  sent(): SentWebhook[];
  /** While on, each webhook is delivered twice, as an at-least-once sender may. */
  duplicate(on: boolean): void;
  /** Resolves once every delivery under way, retries included, has finished. */
  settled(): Promise<void>;
}

/** How many of the latest attempts `sent()` lists (docs/operations.md#stalls-and-memory). */
export const WEBHOOK_LOG_LIMIT = 1_000;

// Shiprocket's retry schedule is unpublished; a few quick retries keep a demo lively.
const RETRY_DELAYS_MS = [50, 250, 1000];

function newStop() {
  const stop = new AbortController();
  // Every delivery waiting for a retry listens on it; a busy clock may have many at once.
  setMaxListeners(0, stop.signal);
  return stop;
}

export function createWebhookSender(app: FastifyInstance, token: string) {
  let target = SHIPPING_WEBHOOK_PATH;
  let holding = false;
  let duplicating = false;
  let held: TrackingWebhookPayload[] = [];
  const log = recentList<SentWebhook>(WEBHOOK_LOG_LIMIT);
  const inFlight = new Set<Promise<void>>();
  let stop = newStop();

  async function deliver(payload: TrackingWebhookPayload) {
    // Never inside the change that caused it: the sender answers after the API call or clock tick is done.
    const { signal } = stop;
    await nextTurn();
    const path = target;
    const headers = { 'content-type': 'application/json', 'x-api-key': token };
    for (let attempt = 1; !signal.aborted; attempt++) {
      let statusCode: number | undefined;
      try {
        statusCode = (
          await app.inject({ method: 'POST', url: path, headers, payload: JSON.stringify(payload) })
        ).statusCode;
      } catch (error) {
        app.log.warn({ err: error, path }, 'simulated Shiprocket webhook failed');
      }
      if (signal.aborted) return;
      log.push({ path, headers, payload, statusCode, attempt });
      if (statusCode !== undefined && statusCode >= 200 && statusCode < 300) return;
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined) {
        app.log.info({ path, statusCode, awb: payload.awb }, 'simulated Shiprocket webhook given up');
        return;
      }
      try {
        await sleep(delay, undefined, { signal });
      } catch {
        return;
      }
    }
  }

  function dispatch(payload: TrackingWebhookPayload) {
    const delivery = deliver(payload).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }

  const controls: ShiprocketWebhookControls = {
    setTarget(path) {
      target = path;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      const waiting = held;
      held = [];
      for (const payload of waiting) dispatch(payload);
    },
    sent: () => log.all(),
    duplicate(on) {
      duplicating = on;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };

  return {
    controls,
    send(payload: TrackingWebhookPayload) {
      const copies = duplicating ? [payload, payload] : [payload];
      if (holding) held.push(...copies);
      else for (const copy of copies) dispatch(copy);
    },
    /** Also drops deliveries under way, so none of them reaches the state after the reset. */
    reset() {
      stop.abort();
      stop = newStop();
      target = SHIPPING_WEBHOOK_PATH;
      holding = false;
      duplicating = false;
      held = [];
      log.clear();
    },
    close() {
      stop.abort();
    },
  };
}
