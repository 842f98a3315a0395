import { randomUUID } from 'node:crypto';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simulatedRazorpayxPayouts } from '../../db/schema';
import { injectFetch } from '../../providers/inject-fetch';
import { createRazorpayXClient, RazorpayXError, type VpaPayoutInput } from '../../providers/razorpayx/client';
import type { RazorpayXPayout } from '../../providers/razorpayx/types';
import { PAYOUT_WEBHOOK_PATH, readPayoutWebhook } from '../../providers/razorpayx/webhook';
import { buildSimulatorApp, type SimulatorApp } from '../../test/simulator-app';
import { INBOX_PATH, registerWebhookInbox } from '../razorpay/test-kit';
import razorpayxSimulator from './plugin';
import type { RazorpayXSimulator } from './simulator';

// docs/architecture.md#razorpayx: our RazorpayX adapter against the simulator, refunds of COD orders to a UPI ID.

let app: SimulatorApp;
let inbox: ReturnType<typeof registerWebhookInbox>;
beforeAll(async () => {
  app = await buildSimulatorApp(razorpayxSimulator);
  inbox = registerWebhookInbox(app);
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  simulator().reset();
  simulator().webhooks.setTarget(INBOX_PATH);
  inbox.received.length = 0;
  inbox.replies.length = 0;
});

function simulator(of: SimulatorApp = app): RazorpayXSimulator {
  const simulated = of.razorpayxSimulator;
  if (!simulated) throw new Error('these tests run against the RazorpayX simulator');
  return simulated;
}

function payouts(of: SimulatorApp = app, keys: { keySecret?: string } = {}) {
  return createRazorpayXClient({
    baseUrl: `http://simulator.local${simulator(of).baseUrl}`,
    keyId: simulator(of).keyId,
    keySecret: keys.keySecret ?? simulator(of).keySecret,
    accountNumber: simulator(of).accountNumber,
    fetch: injectFetch(of),
    retryDelayMs: 1,
  });
}

function refund(overrides: Partial<VpaPayoutInput> = {}): VpaPayoutInput {
  return {
    amountPaise: 133_450,
    vpa: 'priya.sharma@okicici',
    contact: {
      name: 'Priya Sharma',
      email: 'priya@example.in',
      phone: '9876543210',
      referenceId: 'shopper-1',
    },
    referenceId: `refund-${randomUUID().slice(0, 8)}`,
    narration: 'Ottoman Mittens refund',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** The payout webhooks received so far, read as the shop reads them. */
function readings(secret = simulator().webhookSecret) {
  return inbox.received.map((webhook) =>
    readPayoutWebhook({ rawBody: webhook.rawBody, signature: webhook.signature, webhookSecret: secret }),
  );
}

const eventsOf = (payoutId: string) =>
  inbox.received
    .map(
      (webhook) =>
        JSON.parse(webhook.rawBody) as { event: string; payload: { payout: { entity: RazorpayXPayout } } },
    )
    .filter((body) => body.payload.payout.entity.id === payoutId)
    .map((body) => `${body.event}:${body.payload.payout.entity.status}`);

describe('a payout to a UPI ID', () => {
  it('is made in one composite call, answered processing, then processed with a UTR', async () => {
    const input = refund();
    const made = await payouts().createVpaPayout(input);
    expect(made).toEqual({
      id: expect.stringMatching(/^pout_[A-Za-z0-9]{14}$/),
      entity: 'payout',
      fund_account_id: expect.stringMatching(/^fa_/),
      fund_account: {
        id: made.fund_account_id,
        entity: 'fund_account',
        contact_id: expect.stringMatching(/^cont_/),
        contact: expect.objectContaining({
          entity: 'contact',
          name: 'Priya Sharma',
          email: 'priya@example.in',
          contact: '9876543210',
          type: 'customer',
          reference_id: 'shopper-1',
        }),
        account_type: 'vpa',
        vpa: { username: 'priya.sharma', handle: 'okicici', address: 'priya.sharma@okicici' },
        batch_id: null,
        active: true,
        created_at: expect.any(Number),
      },
      amount: 133_450,
      currency: 'INR',
      notes: [],
      fees: 590,
      tax: 90,
      status: 'processing',
      utr: null,
      mode: 'UPI',
      purpose: 'refund',
      reference_id: input.referenceId,
      narration: 'Ottoman Mittens refund',
      batch_id: null,
      status_details: expect.objectContaining({ reason: 'payout_bank_processing' }),
      created_at: expect.any(Number),
    });
    await simulator().webhooks.settled();
    const fetched = await payouts().fetchPayout(made.id);
    expect(fetched).toMatchObject({ status: 'processed', utr: expect.stringMatching(/^\d{12}$/) });
    expect(eventsOf(made.id)).toEqual([
      'payout.initiated:processing',
      'payout.processed:processed',
      'payout.updated:processed',
    ]);
  });

  it('is one payout however many retries of it run at once, and one row', async () => {
    const input = refund();
    const results = await Promise.all(Array.from({ length: 8 }, () => payouts().createVpaPayout(input)));
    expect(new Set(results.map((payout) => payout.id)).size).toBe(1);
    await simulator().webhooks.settled();
    // A retry after it settled gets it as it now is.
    const later = await payouts().createVpaPayout(input);
    expect(later).toMatchObject({ id: results[0]?.id, status: 'processed' });
    await expect
      .poll(async () =>
        (await app.db.select().from(simulatedRazorpayxPayouts)).filter(
          (row) => row.idempotencyKey === input.idempotencyKey,
        ),
      )
      .toHaveLength(1);
    expect(eventsOf(later.id).filter((event) => event.startsWith('payout.initiated'))).toHaveLength(1);
  });

  it('is retried through a passing outage with the same key, and made once', async () => {
    await app.inject({
      method: 'POST',
      url: '/sim/razorpayx/control/faults',
      payload: { kind: 'error', endpoint: '/v1/payouts', method: 'POST', count: 2, status: 502 },
    });
    try {
      const input = refund();
      const made = await payouts().createVpaPayout(input);
      expect(made.status).toBe('processing');
      // A reply lost after the payout was made: the caller's next try gets the same payout.
      expect((await payouts().createVpaPayout(input)).id).toBe(made.id);
    } finally {
      await app.inject({ method: 'DELETE', url: '/sim/razorpayx/control/faults' });
    }
  });

  it('refuses the same key with another body, as RazorpayX does, and a missing or malformed key', async () => {
    const input = refund();
    await payouts().createVpaPayout(input);
    const error = await payouts()
      .createVpaPayout({ ...input, amountPaise: input.amountPaise + 100 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RazorpayXError);
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      field: 'X-Payout-Idempotency',
      message: 'Different request body sent for the same idempotency key',
    });

    const auth = `Basic ${Buffer.from(`${simulator().keyId}:${simulator().keySecret}`).toString('base64')}`;
    const raw = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/sim/razorpayx/v1/payouts',
        headers: { authorization: auth, ...headers },
        payload: {},
      });
    const missing = await raw({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Idempotency key is missing. Include idempotency header and key in the request.',
        field: 'X-Payout-Idempotency',
      },
    });
    expect((await raw({ 'x-payout-idempotency': 'a!' })).json().error.field).toBe('X-Payout-Idempotency');
    expect(() => payouts().createVpaPayout(refund({ idempotencyKey: 'abc' }))).toThrow(RangeError);
  });

  it('checks the body as RazorpayX does: account, mode in capitals, UPI ID, narration', async () => {
    const auth = `Basic ${Buffer.from(`${simulator().keyId}:${simulator().keySecret}`).toString('base64')}`;
    const post = async (change: (body: Record<string, unknown>) => void) => {
      const body = JSON.parse(
        JSON.stringify({
          account_number: simulator().accountNumber,
          amount: 10_000,
          currency: 'INR',
          mode: 'UPI',
          purpose: 'refund',
          fund_account: {
            account_type: 'vpa',
            vpa: { address: 'priya@okhdfcbank' },
            contact: { name: 'Priya Sharma', type: 'customer' },
          },
          queue_if_low_balance: true,
          reference_id: 'refund-1',
        }),
      ) as Record<string, unknown>;
      change(body);
      const reply = await app.inject({
        method: 'POST',
        url: '/sim/razorpayx/v1/payouts',
        headers: { authorization: auth, 'x-payout-idempotency': randomUUID() },
        payload: body,
      });
      return [reply.statusCode, reply.json().error?.field ?? reply.json().status];
    };
    expect(await post(() => {})).toEqual([200, 'processing']);
    expect(await post((body) => Object.assign(body, { account_number: '1234567890' }))).toEqual([
      400,
      'account_number',
    ]);
    expect(await post((body) => Object.assign(body, { mode: 'upi' }))).toEqual([400, 'mode']);
    expect(await post((body) => Object.assign(body, { amount: 99 }))).toEqual([400, 'amount']);
    expect(
      await post((body) =>
        Object.assign(body, {
          fund_account: { account_type: 'vpa', vpa: { address: 'priya' }, contact: { name: 'Priya' } },
        }),
      ),
    ).toEqual([400, 'fund_account.vpa.address']);
    expect(await post((body) => Object.assign(body, { narration: 'Refund for order #42' }))).toEqual([
      400,
      'narration',
    ]);
  });

  it('is refused to a wrong key secret with 401', async () => {
    await expect(payouts(app, { keySecret: 'not-the-secret' }).fetchPayout('pout_x')).rejects.toMatchObject({
      kind: 'rejected',
      status: 401,
      message: 'The api key/secret provided is invalid',
    });
    await expect(payouts().fetchPayout('pout_00000000000000')).rejects.toMatchObject({
      status: 400,
      message: 'The id provided does not exist',
    });
  });
});

describe('statuses', () => {
  it('end failed or reversed when settled so, from processing only', async () => {
    simulator().setMode('manual');
    const failing = await payouts().createVpaPayout(refund());
    const reversing = await payouts().createVpaPayout(refund());
    expect(simulator().settle(failing.id, 'failed')).toMatchObject({
      status: 'failed',
      utr: null,
      status_details: expect.objectContaining({ reason: 'invalid_vpa' }),
    });
    expect(simulator().settle(reversing.id, 'reversed').status).toBe('reversed');
    expect(() => simulator().settle(failing.id, 'processed')).toThrow(
      'The payout is failed: it cannot become processed',
    );
    expect((await payouts().fetchPayout(reversing.id)).status).toBe('reversed');
    // The simulator's test UPI ID fails on its own.
    simulator().setMode('instant');
    const toFailure = await payouts().createVpaPayout(refund({ vpa: 'failure@razorpay' }));
    await simulator().webhooks.settled();
    expect((await payouts().fetchPayout(toFailure.id)).status).toBe('failed');
  });

  it('wait pending for approval, then go on or end rejected', async () => {
    simulator().setApprovalWorkflow(true);
    const approved = await payouts().createVpaPayout(refund());
    const rejected = await payouts().createVpaPayout(refund());
    expect([approved.status, rejected.status]).toEqual(['pending', 'pending']);
    simulator().setMode('manual');
    expect(simulator().approve(approved.id).status).toBe('processing');
    expect(simulator().reject(rejected.id).status).toBe('rejected');
    expect(() => simulator().approve(rejected.id)).toThrow('The payout is rejected: it cannot be approved');
  });

  it('wait queued while the account is short, and go when money comes in', async () => {
    simulator().setMode('manual');
    simulator().setBalance(100_000);
    const queued = await payouts().createVpaPayout(refund());
    expect(queued).toMatchObject({ status: 'queued', status_details: { reason: 'low_balance' } });
    simulator().setBalance(1_000_000);
    expect((await payouts().fetchPayout(queued.id)).status).toBe('processing');
    await simulator().webhooks.settled();
    expect(eventsOf(queued.id)).toEqual(['payout.queued:queued', 'payout.initiated:processing']);
  });
});

describe('webhooks', () => {
  it('are signed as Razorpay signs them, and read by the adapter once per payout and status', async () => {
    simulator().webhooks.duplicate(true);
    const made = await payouts().createVpaPayout(refund());
    await simulator().webhooks.settled();
    for (const webhook of inbox.received) {
      expect(validateWebhookSignature(webhook.rawBody, webhook.signature, simulator().webhookSecret)).toBe(
        true,
      );
    }
    const read = readings();
    // Sent twice each: initiated (not acted on), processed and updated (the same payout and status).
    expect(read.map((reading) => reading.kind)).toEqual([
      'ignored',
      'ignored',
      'payout',
      'payout',
      'payout',
      'payout',
    ]);
    const seen = new Set<string>();
    const applied = read.filter((reading) => {
      if (reading.kind !== 'payout' || seen.has(reading.dedupeKey)) return false;
      seen.add(reading.dedupeKey);
      return true;
    });
    expect(applied).toEqual([
      {
        kind: 'payout',
        event: 'payout.processed',
        payout: expect.objectContaining({ id: made.id, status: 'processed' }),
        dedupeKey: `${made.id}:processed`,
      },
    ]);
  });

  it('are refused when the signature is not the webhook secret’s, or the body was changed', async () => {
    await payouts().createVpaPayout(refund());
    await simulator().webhooks.settled();
    expect(readings('another-secret').every((reading) => reading.kind === 'refused')).toBe(true);
    const [first] = inbox.received;
    if (!first) throw new Error('a webhook was sent');
    const tampered = first.rawBody.replace('"amount":133450', '"amount":1334500');
    expect(tampered).not.toBe(first.rawBody);
    expect(
      readPayoutWebhook({
        rawBody: tampered,
        signature: first.signature,
        webhookSecret: simulator().webhookSecret,
      }),
    ).toEqual({ kind: 'refused', reason: 'bad_signature' });
  });

  it('go to the shop’s payout webhook path by default, retried on a failure', async () => {
    simulator().reset();
    const made = await payouts().createVpaPayout(refund());
    await simulator().webhooks.settled();
    const deliveries = simulator().webhooks.sent();
    expect(new Set(deliveries.map((delivery) => delivery.target))).toEqual(new Set([PAYOUT_WEBHOOK_PATH]));
    // Nothing listens there in this bare app: each event is tried three times in tests, then given up.
    expect(deliveries.filter((delivery) => delivery.event === 'payout.processed')).toHaveLength(3);
    expect(made.status).toBe('processing');
  });
});

describe('kept in the database (docs/operations.md#simulator-state)', () => {
  it('answers for the same payouts and keys when started again on the same database', async () => {
    const input = refund();
    const made = await payouts().createVpaPayout(input);
    await simulator().webhooks.settled();
    await expect
      .poll(async () =>
        (await app.db.select().from(simulatedRazorpayxPayouts))
          .filter((row) => row.id === made.id)
          .map((row) => (row.entity as { status: string }).status),
      )
      .toEqual(['processed']);

    const restarted = await buildSimulatorApp(razorpayxSimulator, { databaseOf: app });
    try {
      expect(simulator(restarted).keySecret).not.toBe(simulator().keySecret);
      const again = payouts(restarted);
      expect(await again.fetchPayout(made.id)).toMatchObject({ id: made.id, status: 'processed' });
      // A retry after the restart gets the payout it made; another body with its key is still refused.
      expect(await again.createVpaPayout(input)).toMatchObject({ id: made.id, status: 'processed' });
      await expect(again.createVpaPayout({ ...input, amountPaise: 100 })).rejects.toMatchObject({
        field: 'X-Payout-Idempotency',
      });
    } finally {
      await restarted.close();
    }
  });
});

describe('when the simulator is off', () => {
  it('is not mounted with real RazorpayX keys', async () => {
    const real = await buildSimulatorApp(razorpayxSimulator, {
      databaseOf: app,
      config: {
        razorpayx: {
          keyId: 'rzp_live_12345678',
          keySecret: 'a-secret-of-the-shop',
          webhookSecret: 'a-webhook-secret',
          accountNumber: '7878780080316316',
          baseUrl: 'https://api.razorpay.com',
        },
      },
    });
    try {
      expect(real.razorpayxSimulator).toBeUndefined();
      expect((await real.inject({ method: 'GET', url: '/sim/razorpayx/v1/payouts/pout_1' })).statusCode).toBe(
        404,
      );
    } finally {
      await real.close();
    }
  });
});
