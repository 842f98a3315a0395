import { describe, expect, it } from 'vitest';
import { createWhatsAppClient, templateMessageBody } from '../../providers/whatsapp/client';
import {
  recordedButtonReply,
  recordedDeliveredStatus,
  recordedFailedStatus,
  recordedInvalidToken,
  recordedSendReply,
  recordedUnknownTemplate,
} from '../../providers/whatsapp/recorded-shapes';
import { readWhatsAppWebhook } from '../../providers/whatsapp/webhook';
import { createWhatsAppSimulator } from './simulator';

// docs/architecture.md#simulators: the simulator answers and posts the shapes Meta documents (recorded-shapes.ts),
// and the real adapter reads them.

function keysOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [keysOf(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !['conversation', 'pricing', 'href', 'contacts'].includes(key))
        .map(([key, inner]) => [key, keysOf(inner)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  }
  return typeof value;
}

function simulatorWithInbox() {
  const posted: { headers: Record<string, string>; body: string }[] = [];
  const sim = createWhatsAppSimulator({
    postWebhook: async (_target, headers, body) => {
      posted.push({ headers, body });
      return 200;
    },
    statusDelayMs: 0,
  });
  const client = createWhatsAppClient({
    baseUrl: 'http://sim',
    phoneNumberId: sim.simulator.phoneNumberId,
    accessToken: sim.simulator.accessToken,
    fetch: (async (url: string, init: RequestInit) => {
      const phoneNumberId = new URL(url).pathname.split('/')[2] ?? '';
      const answer = sim.send(
        new Headers(init.headers).get('authorization') ?? undefined,
        phoneNumberId,
        JSON.parse(String(init.body)),
      );
      return new Response(JSON.stringify(answer.body), { status: answer.statusCode });
    }) as unknown as typeof fetch,
  });
  return { sim, client, posted };
}

const codRequest = {
  to: '9812345678',
  template: 'cod_confirm_request',
  language: 'en',
  bodyParameters: ['#A1B2C3D4', '₹339'],
  quickReplyPayloads: ['cod_confirm:t', 'cod_cancel:t'],
};

describe('the WhatsApp simulator', () => {
  it("answers a send with the Cloud API's reply, and shows the filled template with its buttons", async () => {
    const { sim, client } = simulatorWithInbox();
    const answer = sim.send(
      `Bearer ${sim.simulator.accessToken}`,
      sim.simulator.phoneNumberId,
      templateMessageBody(codRequest),
    );
    expect(keysOf(answer.body)).toEqual(keysOf({ ...recordedSendReply, contacts: undefined }));
    const { messageId } = await client.sendTemplate(codRequest);
    const chat = sim.simulator.chat('9812345678');
    expect(chat.at(-1)).toMatchObject({
      id: messageId,
      text: 'Please confirm your Ottoman Mittens cash-on-delivery order #A1B2C3D4 of ₹339. Tap a button below.',
      buttons: [
        { label: 'Confirm order', payload: 'cod_confirm:t' },
        { label: 'Cancel', payload: 'cod_cancel:t' },
      ],
    });
  });

  it('refuses as Meta does: a bad token (190), an unknown template (132001), wrong parameters (132000)', async () => {
    const { sim } = simulatorWithInbox();
    const id = sim.simulator.phoneNumberId;
    const badToken = sim.send('Bearer nope', id, templateMessageBody(codRequest));
    expect(badToken.statusCode).toBe(401);
    expect(keysOf(badToken.body)).toEqual(keysOf(recordedInvalidToken));
    const unknown = sim.send(
      `Bearer ${sim.simulator.accessToken}`,
      id,
      templateMessageBody({ ...codRequest, template: 'order_shiped' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(keysOf(unknown.body)).toEqual(keysOf(recordedUnknownTemplate));
    const short = sim.send(
      `Bearer ${sim.simulator.accessToken}`,
      id,
      templateMessageBody({ ...codRequest, bodyParameters: ['#A1'] }),
    );
    expect(short).toMatchObject({ statusCode: 400, body: { error: { code: 132000 } } });
    const badNumber = sim.send(
      `Bearer ${sim.simulator.accessToken}`,
      id,
      templateMessageBody({ ...codRequest, to: '12345' }),
    );
    expect(badNumber).toMatchObject({ statusCode: 400, body: { error: { code: 100 } } });
  });

  it('posts signed status webhooks in the recorded shape: sent and delivered, or failed (131026)', async () => {
    const { sim, client, posted } = simulatorWithInbox();
    await client.sendTemplate(codRequest);
    sim.simulator.setUnreachable('9812345679', true);
    await client.sendTemplate({ ...codRequest, to: '9812345679' });
    await sim.simulator.settled();
    const bodies = posted.map((delivery) => JSON.parse(delivery.body));
    expect(bodies.map((body) => body.entry[0].changes[0].value.statuses[0].status).sort()).toEqual([
      'delivered',
      'failed',
      'sent',
    ]);
    const delivered = bodies.find(
      (body) => body.entry[0].changes[0].value.statuses[0].status === 'delivered',
    );
    expect(keysOf(delivered)).toEqual(keysOf(recordedDeliveredStatus));
    const failed = bodies.find((body) => body.entry[0].changes[0].value.statuses[0].status === 'failed');
    expect(keysOf(failed)).toEqual(keysOf(recordedFailedStatus));
    for (const delivery of posted) {
      const reading = readWhatsAppWebhook({
        rawBody: delivery.body,
        signature: delivery.headers['x-hub-signature-256'],
        appSecret: sim.simulator.appSecret,
      });
      expect(reading.kind).toBe('events');
    }
  });

  it('a tap on the chat page posts the recorded button-reply shape, naming the message tapped', async () => {
    const { sim, client, posted } = simulatorWithInbox();
    sim.simulator.setAutoStatuses(false);
    const { messageId } = await client.sendTemplate(codRequest);
    expect(await sim.simulator.tap('9812345678', messageId, 1)).toBe(200);
    expect(await sim.simulator.tap('9812345000', messageId, 1)).toBe(404);
    const [delivery] = posted;
    if (!delivery) throw new Error('nothing posted');
    expect(keysOf(JSON.parse(delivery.body))).toEqual(keysOf(recordedButtonReply));
    const reading = readWhatsAppWebhook({
      rawBody: delivery.body,
      signature: delivery.headers['x-hub-signature-256'],
      appSecret: sim.simulator.appSecret,
    });
    expect(reading.kind === 'events' && reading.inbound[0]).toMatchObject({
      kind: 'button',
      from: '9812345678',
      payload: 'cod_cancel:t',
      text: 'Cancel',
      contextId: messageId,
    });
  });
});
