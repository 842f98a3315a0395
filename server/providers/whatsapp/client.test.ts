import { describe, expect, it } from 'vitest';
import { createWhatsAppClient, templateMessageBody, WhatsAppError } from './client';
import { recordedInvalidToken, recordedSendReply, recordedUnknownTemplate } from './recorded-shapes';

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}) {
  return (async (url: string, init: RequestInit) => {
    seen.url = url;
    seen.init = init;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

const message = {
  to: '9812345678',
  template: 'cod_confirm_request',
  language: 'en',
  bodyParameters: ['#A1B2C3D4', '₹339'],
  quickReplyPayloads: ['cod_confirm:tok', 'cod_cancel:tok'],
};

describe('sending a template', () => {
  it('posts the Cloud API body with the bearer token and answers the wamid', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const client = createWhatsAppClient({
      baseUrl: 'https://graph.facebook.com',
      phoneNumberId: '106540352242922',
      accessToken: 'EAAG-token',
      fetch: fakeFetch(200, recordedSendReply, seen),
    });
    await expect(client.sendTemplate(message)).resolves.toEqual({
      messageId: recordedSendReply.messages[0].id,
      waId: '919812345678',
    });
    expect(seen.url).toBe('https://graph.facebook.com/v21.0/106540352242922/messages');
    expect(new Headers(seen.init?.headers).get('authorization')).toBe('Bearer EAAG-token');
    expect(JSON.parse(String(seen.init?.body))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919812345678',
      type: 'template',
      template: {
        name: 'cod_confirm_request',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '#A1B2C3D4' },
              { type: 'text', text: '₹339' },
            ],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '0',
            parameters: [{ type: 'payload', payload: 'cod_confirm:tok' }],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '1',
            parameters: [{ type: 'payload', payload: 'cod_cancel:tok' }],
          },
        ],
      },
    });
  });

  it('a template without variables or buttons has no components', () => {
    expect(
      templateMessageBody({ to: '9812345678', template: 'x', language: 'en', bodyParameters: [] }).template
        .components,
    ).toEqual([]);
  });

  it("a 4xx is Meta's refusal with its code; a 5xx, a 429 or no connection is unavailable", async () => {
    const options = { baseUrl: 'https://graph.facebook.com', phoneNumberId: '1', accessToken: 't' };
    const refusedToken = createWhatsAppClient({ ...options, fetch: fakeFetch(401, recordedInvalidToken) });
    await expect(refusedToken.sendTemplate(message)).rejects.toMatchObject({ kind: 'rejected', code: 190 });
    const unknown = createWhatsAppClient({ ...options, fetch: fakeFetch(404, recordedUnknownTemplate) });
    await expect(unknown.sendTemplate(message)).rejects.toMatchObject({ kind: 'rejected', code: 132001 });
    const down = createWhatsAppClient({ ...options, fetch: fakeFetch(503, {}) });
    await expect(down.sendTemplate(message)).rejects.toMatchObject({ kind: 'unavailable' });
    const throttled = createWhatsAppClient({ ...options, fetch: fakeFetch(429, {}) });
    await expect(throttled.sendTemplate(message)).rejects.toMatchObject({ kind: 'unavailable' });
    const offline = createWhatsAppClient({
      ...options,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    });
    await expect(offline.sendTemplate(message)).rejects.toBeInstanceOf(WhatsAppError);
  });

  it('a 200 without a message id is not taken as sent', async () => {
    const client = createWhatsAppClient({
      baseUrl: 'https://graph.facebook.com',
      phoneNumberId: '1',
      accessToken: 't',
      fetch: fakeFetch(200, { messaging_product: 'whatsapp', messages: [] }),
    });
    await expect(client.sendTemplate(message)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
