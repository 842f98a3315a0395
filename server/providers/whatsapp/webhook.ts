import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageStatus, WebhookBody } from './types';

/** Where Meta (or the simulator) posts the WhatsApp webhooks: set it as the app's callback URL. */
export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp';

/** `sha256=` + hex HMAC-SHA256 of the raw body with the app secret: the X-Hub-Signature-256 header. */
export function whatsappSignatureOf(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

/** Checks X-Hub-Signature-256 against the raw body, byte for byte as received, in constant time. */
export function verifyWhatsAppSignature(rawBody: string, header: string | undefined, appSecret: string) {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(whatsappSignatureOf(rawBody, appSecret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The one-time verification handshake: Meta GETs the callback with hub.mode=subscribe, our verify token and a
 * challenge, and expects the challenge back as plain text. Anything else is refused (undefined).
 */
export function answerHandshake(query: Record<string, unknown>, verifyToken: string): string | undefined {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return undefined;
  const expected = Buffer.from(verifyToken);
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return challenge;
}

export interface StatusEvent {
  messageId: string;
  status: MessageStatus;
  at: Date;
  /** The first error's code and title, for a failed message. */
  error: string | null;
}

export interface InboundEvent {
  messageId: string;
  /** The sender's 10 digits when an Indian number, else the number as Meta gave it. */
  from: string;
  kind: 'button' | 'text' | 'other';
  payload: string | null;
  text: string;
  /** The message of ours the shopper replied to (a button tap always names it). */
  contextId: string | null;
  at: Date;
}

export type WhatsAppWebhookReading =
  | { kind: 'refused'; reason: 'bad_signature' | 'malformed' }
  | { kind: 'events'; statuses: StatusEvent[]; inbound: InboundEvent[] };

const STATUSES: ReadonlySet<string> = new Set<MessageStatus>(['sent', 'delivered', 'read', 'failed']);

function tenDigits(number: string): string {
  return /^91\d{10}$/.test(number) ? number.slice(2) : number;
}

function timeOf(seconds: string | undefined): Date {
  const value = Number(seconds);
  return Number.isFinite(value) && value > 0 ? new Date(value * 1000) : new Date();
}

/**
 * Reads a webhook delivery: the signature first, then the body. Statuses Meta may add (`deleted`, `warning`)
 * and fields other than `messages` are skipped, not refused, so Meta stops retrying them.
 */
export function readWhatsAppWebhook(input: {
  rawBody: string;
  signature: string | undefined;
  appSecret: string;
}): WhatsAppWebhookReading {
  if (!verifyWhatsAppSignature(input.rawBody, input.signature, input.appSecret)) {
    return { kind: 'refused', reason: 'bad_signature' };
  }
  let body: Partial<WebhookBody>;
  try {
    body = JSON.parse(input.rawBody) as Partial<WebhookBody>;
  } catch {
    return { kind: 'refused', reason: 'malformed' };
  }
  if (body?.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) {
    return { kind: 'refused', reason: 'malformed' };
  }
  const statuses: StatusEvent[] = [];
  const inbound: InboundEvent[] = [];
  for (const entry of body.entry) {
    for (const change of entry?.changes ?? []) {
      if (change?.field !== 'messages') continue;
      for (const status of change.value?.statuses ?? []) {
        if (typeof status?.id !== 'string' || !STATUSES.has(status.status)) continue;
        const [error] = status.errors ?? [];
        statuses.push({
          messageId: status.id,
          status: status.status,
          at: timeOf(status.timestamp),
          error: error ? `${error.code} ${error.title}`.slice(0, 300) : null,
        });
      }
      for (const message of change.value?.messages ?? []) {
        if (typeof message?.id !== 'string' || typeof message.from !== 'string') continue;
        const kind = message.type === 'button' ? 'button' : message.type === 'text' ? 'text' : 'other';
        inbound.push({
          messageId: message.id,
          from: tenDigits(message.from),
          kind,
          payload: kind === 'button' ? String(message.button?.payload ?? '').slice(0, 200) : null,
          text: String(message.button?.text ?? message.text?.body ?? '').slice(0, 1000),
          contextId: typeof message.context?.id === 'string' ? message.context.id : null,
          at: timeOf(message.timestamp),
        });
      }
    }
  }
  return { kind: 'events', statuses, inbound };
}
