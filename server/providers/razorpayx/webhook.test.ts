import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readPayoutWebhook } from './webhook';

const SECRET = 'whsec_payouts_1';
const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');
const read = (rawBody: string, signature: string = sign(rawBody)) =>
  readPayoutWebhook({ rawBody, signature, webhookSecret: SECRET });

const payout = {
  id: 'pout_00000000000001',
  entity: 'payout',
  amount: 133_450,
  status: 'reversed',
  utr: null,
};
const envelope = (event: string, payload: unknown = { payout: { entity: payout } }) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_1',
    event,
    contains: ['payout'],
    payload,
    created_at: 1,
  });

describe('readPayoutWebhook', () => {
  it('reads a signed payout event with its de-duplication key: the payout id and status', () => {
    expect(read(envelope('payout.reversed'))).toEqual({
      kind: 'payout',
      event: 'payout.reversed',
      payout,
      dedupeKey: 'pout_00000000000001:reversed',
    });
  });

  it('refuses a missing, wrong or other secret’s signature before reading the body', () => {
    const body = envelope('payout.processed');
    expect(readPayoutWebhook({ rawBody: body, signature: undefined, webhookSecret: SECRET })).toEqual({
      kind: 'refused',
      reason: 'bad_signature',
    });
    expect(read(body, sign(body, 'another-secret'))).toEqual({ kind: 'refused', reason: 'bad_signature' });
    expect(read(body, sign(`${body} `))).toEqual({ kind: 'refused', reason: 'bad_signature' });
    expect(read('not json', sign('other'))).toEqual({ kind: 'refused', reason: 'bad_signature' });
  });

  it('refuses a signed body that is not a payout event, and lets other events be dropped', () => {
    expect(read('not json')).toEqual({ kind: 'refused', reason: 'malformed' });
    expect(read(JSON.stringify({ event: 'payout.processed' }))).toEqual({
      kind: 'refused',
      reason: 'malformed',
    });
    expect(read(envelope('payout.failed', { payout: { entity: { ...payout, status: 'lost' } } }))).toEqual({
      kind: 'refused',
      reason: 'malformed',
    });
    expect(read(envelope('payout.failed', {}))).toEqual({ kind: 'refused', reason: 'malformed' });
    expect(read(envelope('payout.initiated'))).toEqual({ kind: 'ignored', event: 'payout.initiated' });
  });
});
