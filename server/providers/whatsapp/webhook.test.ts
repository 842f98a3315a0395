import { describe, expect, it } from 'vitest';
import {
  recordedButtonReply,
  recordedDeliveredStatus,
  recordedFailedStatus,
  recordedTextMessage,
} from './recorded-shapes';
import {
  answerHandshake,
  readWhatsAppWebhook,
  verifyWhatsAppSignature,
  whatsappSignatureOf,
} from './webhook';

const SECRET = 'app-secret-for-tests';

function signed(body: object) {
  const rawBody = JSON.stringify(body);
  return { rawBody, signature: whatsappSignatureOf(rawBody, SECRET), appSecret: SECRET };
}

describe('the WhatsApp webhook signature (X-Hub-Signature-256)', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body with the app secret', () => {
    // Worked out independently: printf '{"a":1}' | openssl dgst -sha256 -hmac app-secret-for-tests
    expect(whatsappSignatureOf('{"a":1}', SECRET)).toBe(
      'sha256=3d6306699b4e205d0a64c07f0ff3996a9099bb67b3ae846621a04c39cf495bd1',
    );
    expect(verifyWhatsAppSignature('{"a":1}', whatsappSignatureOf('{"a":1}', SECRET), SECRET)).toBe(true);
  });

  it('refuses another body, another secret, a missing or bare header', () => {
    const header = whatsappSignatureOf('{"a":1}', SECRET);
    expect(verifyWhatsAppSignature('{"a": 1}', header, SECRET)).toBe(false);
    expect(verifyWhatsAppSignature('{"a":1}', header, 'another-secret')).toBe(false);
    expect(verifyWhatsAppSignature('{"a":1}', undefined, SECRET)).toBe(false);
    expect(verifyWhatsAppSignature('{"a":1}', header.slice('sha256='.length), SECRET)).toBe(false);
    expect(readWhatsAppWebhook({ ...signed(recordedDeliveredStatus), appSecret: 'wrong' })).toEqual({
      kind: 'refused',
      reason: 'bad_signature',
    });
  });
});

describe('the verification handshake', () => {
  const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'our-token', 'hub.challenge': '1158201444' };

  it('answers the challenge when the token is ours', () => {
    expect(answerHandshake(query, 'our-token')).toBe('1158201444');
  });

  it('refuses another token or mode, or a missing challenge', () => {
    expect(answerHandshake(query, 'other-token')).toBeUndefined();
    expect(answerHandshake({ ...query, 'hub.mode': 'unsubscribe' }, 'our-token')).toBeUndefined();
    expect(answerHandshake({ ...query, 'hub.challenge': undefined }, 'our-token')).toBeUndefined();
  });
});

describe('reading recorded webhooks', () => {
  it('a delivered status', () => {
    expect(readWhatsAppWebhook(signed(recordedDeliveredStatus))).toEqual({
      kind: 'events',
      statuses: [
        {
          messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3N0EzQjQ4RjYyQTQyOTY0MDUA',
          status: 'delivered',
          at: new Date(1750263773 * 1000),
          error: null,
        },
      ],
      inbound: [],
    });
  });

  it("a failed status, with its error's code and title", () => {
    const reading = readWhatsAppWebhook(signed(recordedFailedStatus));
    expect(reading.kind === 'events' && reading.statuses[0]).toMatchObject({
      status: 'failed',
      error: '131026 Message undeliverable',
    });
  });

  it('a button reply names its payload, the sender and the message it answers', () => {
    const reading = readWhatsAppWebhook(signed(recordedButtonReply));
    expect(reading.kind === 'events' && reading.inbound).toEqual([
      {
        messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
        from: '9812345678',
        kind: 'button',
        payload: 'cod_confirm:abc123',
        text: 'Confirm order',
        contextId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3N0EzQjQ4RjYyQTQyOTY0MDUA',
        at: new Date(1750263800 * 1000),
      },
    ]);
  });

  it('a text', () => {
    const reading = readWhatsAppWebhook(signed(recordedTextMessage));
    expect(reading.kind === 'events' && reading.inbound[0]).toMatchObject({
      kind: 'text',
      text: 'STOP',
      payload: null,
      contextId: null,
    });
  });

  it('refuses a body that is not a WhatsApp Business Account event, and skips unknown statuses', () => {
    expect(readWhatsAppWebhook(signed({ object: 'page', entry: [] }))).toEqual({
      kind: 'refused',
      reason: 'malformed',
    });
    const rawBody = 'not json';
    expect(
      readWhatsAppWebhook({ rawBody, signature: whatsappSignatureOf(rawBody, SECRET), appSecret: SECRET }),
    ).toEqual({ kind: 'refused', reason: 'malformed' });
    const deleted = JSON.parse(JSON.stringify(recordedDeliveredStatus));
    deleted.entry[0].changes[0].value.statuses[0].status = 'deleted';
    expect(readWhatsAppWebhook(signed(deleted))).toEqual({ kind: 'events', statuses: [], inbound: [] });
  });
});
