import type { FastifyInstance } from 'fastify';
import { injectFetch } from '../../providers/inject-fetch';
import { createRazorpayClient } from '../../providers/razorpay/client';
import type { RazorpayWebhookEvent } from '../../providers/razorpay/types';
import type { RazorpaySimulator } from './simulator';

// Shared by this folder's tests: our own adapter pointed at the simulator, and a webhook inbox.

export function simulatorOf(app: FastifyInstance): RazorpaySimulator {
  if (!app.razorpaySimulator) throw new Error('these tests run against the Razorpay simulator');
  return app.razorpaySimulator;
}

export function adapterFor(app: FastifyInstance, keys: { keyId?: string; keySecret?: string } = {}) {
  const simulator = simulatorOf(app);
  return createRazorpayClient({
    baseUrl: `http://simulator.local${simulator.baseUrl}`,
    keyId: keys.keyId ?? simulator.keyId,
    keySecret: keys.keySecret ?? simulator.keySecret,
    fetch: injectFetch(app),
    retryDelayMs: 1,
  });
}

export interface ReceivedWebhook {
  rawBody: string;
  event: RazorpayWebhookEvent;
  signature: string;
  eventId: string;
  contentType: string;
}

export const INBOX_PATH = '/test/razorpay-webhooks';

/**
 * A route on the app that keeps every webhook as received, byte for byte, and answers the statuses queued
 * in `replies` (200 once they run out). Register it before the app's first request.
 */
export function registerWebhookInbox(app: FastifyInstance) {
  const inbox = { received: [] as ReceivedWebhook[], replies: [] as number[] };
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(INBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
      const rawBody = String(request.body);
      inbox.received.push({
        rawBody,
        event: JSON.parse(rawBody) as RazorpayWebhookEvent,
        signature: String(request.headers['x-razorpay-signature']),
        eventId: String(request.headers['x-razorpay-event-id']),
        contentType: String(request.headers['content-type']),
      });
      return reply.code(inbox.replies.shift() ?? 200).send({ received: true });
    });
  });
  return inbox;
}
