import { randomBytes } from 'node:crypto';
import {
  fillWhatsAppTemplate,
  type WhatsAppTemplate,
  whatsappTemplates,
} from '../../../contracts/whatsapp-rules';
import type {
  GraphError,
  MessageStatus,
  SendMessageReply,
  SendTemplateBody,
  WebhookBody,
  WebhookMessage,
  WebhookStatus,
} from '../../providers/whatsapp/types';
import { WHATSAPP_WEBHOOK_PATH, whatsappSignatureOf } from '../../providers/whatsapp/webhook';
import { recentList } from '../recent';

// docs/architecture.md#simulators: a local WhatsApp Cloud API. It answers the messages endpoint as Meta does
// (its reply, its Graph error envelope), knows the shop's templates as Meta knows the approved ones, posts signed
// status webhooks (sent, delivered, or failed for a number that is not on WhatsApp) and, from its chat page,
// the shopper's button taps and texts as Meta's inbound webhooks. State lives in memory only.

export const WHATSAPP_SIMULATOR_BASE_PATH = '/sim/whatsapp';
/** How many messages per number, and numbers, the chat keeps (docs/operations.md#stalls-and-memory). */
const MESSAGES_KEPT = 200;
const DISPLAY_NUMBER = '15550783881';

export interface ChatMessage {
  id: string;
  direction: 'to_shopper' | 'from_shopper';
  /** The shopper's 10 digits. */
  phone: string;
  text: string;
  template: string | null;
  buttons: { label: string; payload: string }[];
  statuses: MessageStatus[];
  error: string | null;
  at: number;
}

export interface SendAnswer {
  statusCode: number;
  body: SendMessageReply | GraphError;
}

export interface WhatsAppSimulator {
  readonly baseUrl: string;
  readonly phoneNumberId: string;
  readonly accessToken: string;
  readonly appSecret: string;
  readonly verifyToken: string;
  /** Every message to and from this 10-digit number, oldest first. */
  chat(phone: string): ChatMessage[];
  /** The shopper taps button `index` of message `messageId`: Meta's button webhook to the shop. */
  tap(phone: string, messageId: string, index: number): Promise<number>;
  /** The shopper sends a text (STOP, say). */
  reply(phone: string, text: string): Promise<number>;
  /** Sends are accepted for this number but fail as Meta's do for a number not on WhatsApp (131026). */
  setUnreachable(phone: string, unreachable: boolean): void;
  /** Off: no automatic sent/delivered/failed statuses; a test posts them with `status`. */
  setAutoStatuses(on: boolean): void;
  /** Posts a status webhook for one of its messages. */
  status(messageId: string, status: MessageStatus): Promise<number>;
  /** Resolves once every webhook already due has been answered. */
  settled(): Promise<void>;
  /** The raw webhook bodies posted, newest last. */
  posted(): { body: string; signature: string; statusCode: number }[];
  reset(): void;
}

export interface WhatsAppSimulatorOptions {
  postWebhook: (target: string, headers: Record<string, string>, body: string) => Promise<number>;
  /** Between the send and its statuses; Meta's arrive a moment after its reply. */
  statusDelayMs: number;
}

function graphError(statusCode: number, code: number, message: string, details?: string): SendAnswer {
  return {
    statusCode,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
        fbtrace_id: randomBytes(11).toString('base64url'),
      },
    },
  };
}

const newMessageId = () => `wamid.${randomBytes(24).toString('base64url')}`;

function variablesIn(body: string): number {
  return new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => match[1])).size;
}

function templateNamed(name: string): WhatsAppTemplate | undefined {
  return Object.values(whatsappTemplates).find((template) => template.name === name);
}

/** Checks a send as the Cloud API does, and makes the chat message it would deliver. */
function readSend(body: Partial<SendTemplateBody> | undefined): {
  message?: ChatMessage;
  error?: SendAnswer;
} {
  if (body?.messaging_product !== 'whatsapp') {
    return { error: graphError(400, 100, '(#100) The parameter messaging_product is required.') };
  }
  if (typeof body.to !== 'string' || !/^91[6-9]\d{9}$/.test(body.to)) {
    return { error: graphError(400, 100, '(#100) Invalid parameter', 'Parameter to is not a valid number') };
  }
  if (body.type !== 'template' || !body.template?.name) {
    // Outside a 24-hour window only templates go; the shop never opens one.
    return {
      error: graphError(
        400,
        131047,
        '(#131047) Re-engagement message',
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      ),
    };
  }
  const template = templateNamed(body.template.name);
  if (!template || body.template.language?.code !== template.language) {
    return {
      error: graphError(
        404,
        132001,
        '(#132001) Template name does not exist in the translation',
        `template name (${body.template.name}) does not exist in ${body.template.language?.code ?? ''}`,
      ),
    };
  }
  const components = body.template.components ?? [];
  const texts = components
    .filter((component) => component.type === 'body')
    .flatMap((component) => component.parameters.map((parameter) => String(parameter.text ?? '')));
  if (texts.length !== variablesIn(template.body)) {
    return {
      error: graphError(
        400,
        132000,
        '(#132000) Number of parameters does not match the expected number of params',
        `body: number of localizable_params (${texts.length}) does not match the expected number of params (${variablesIn(template.body)})`,
      ),
    };
  }
  const payloads = new Map<number, string>();
  for (const component of components) {
    if (component.type !== 'button') continue;
    const index = Number(component.index);
    const payload = component.parameters?.[0]?.payload;
    if (component.sub_type !== 'quick_reply' || !template.buttons[index] || typeof payload !== 'string') {
      return { error: graphError(400, 131008, '(#131008) Required parameter is missing', 'button') };
    }
    payloads.set(index, payload);
  }
  return {
    message: {
      id: newMessageId(),
      direction: 'to_shopper',
      phone: body.to.slice(2),
      text: fillWhatsAppTemplate(template.body, texts),
      template: template.name,
      buttons: template.buttons.map((label, index) => ({ label, payload: payloads.get(index) ?? label })),
      statuses: [],
      error: null,
      at: Date.now(),
    },
  };
}

export function createWhatsAppSimulator(options: WhatsAppSimulatorOptions) {
  const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e12));
  const accessToken = `EAAsim${randomBytes(24).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  const verifyToken = randomBytes(12).toString('hex');
  const chats = new Map<string, ChatMessage[]>();
  const byId = new Map<string, ChatMessage>();
  const unreachable = new Set<string>();
  const pending = new Set<Promise<unknown>>();
  const posted = recentList<{ body: string; signature: string; statusCode: number }>(1_000);
  let autoStatuses = true;

  function keep(message: ChatMessage) {
    const chat = chats.get(message.phone) ?? [];
    chat.push(message);
    byId.set(message.id, message);
    while (chat.length > MESSAGES_KEPT) {
      const dropped = chat.shift();
      if (dropped) byId.delete(dropped.id);
    }
    chats.delete(message.phone);
    chats.set(message.phone, chat);
    while (chats.size > MESSAGES_KEPT) {
      const [oldest] = chats.keys();
      if (oldest === undefined) break;
      for (const old of chats.get(oldest) ?? []) byId.delete(old.id);
      chats.delete(oldest);
    }
  }

  async function post(value: WebhookBody['entry'][number]['changes'][number]['value']): Promise<number> {
    const envelope: WebhookBody = {
      object: 'whatsapp_business_account',
      entry: [{ id: '102290129340398', changes: [{ field: 'messages', value }] }],
    };
    const body = JSON.stringify(envelope);
    const signature = whatsappSignatureOf(body, appSecret);
    let statusCode = 0;
    // Meta retries a delivery that is not answered 200; three tries show it locally.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statusCode = await options
        .postWebhook(
          WHATSAPP_WEBHOOK_PATH,
          { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          body,
        )
        .catch(() => 0);
      if (statusCode === 200) break;
    }
    posted.push({ body, signature, statusCode });
    return statusCode;
  }

  const metadata = { display_phone_number: DISPLAY_NUMBER, phone_number_id: phoneNumberId };

  function postStatus(message: ChatMessage, status: MessageStatus): Promise<number> {
    message.statuses.push(status);
    const entry: WebhookStatus = {
      id: message.id,
      status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: `91${message.phone}`,
    };
    if (status === 'failed') {
      message.error = '131026 Message undeliverable';
      entry.errors = [
        {
          code: 131026,
          title: 'Message undeliverable',
          message: 'Message undeliverable',
          error_data: { details: 'Message Undeliverable.' },
        },
      ];
    }
    return post({ messaging_product: 'whatsapp', metadata, statuses: [entry] });
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise)).catch(() => {});
    return promise;
  }

  function later(message: ChatMessage) {
    const run = async () => {
      await new Promise((resolve) => setTimeout(resolve, options.statusDelayMs));
      if (unreachable.has(message.phone)) {
        await postStatus(message, 'failed');
        return;
      }
      await postStatus(message, 'sent');
      await postStatus(message, 'delivered');
    };
    track(run());
  }

  function inbound(phone: string, message: Partial<WebhookMessage>, text: string, context?: string) {
    const id = newMessageId();
    keep({
      id,
      direction: 'from_shopper',
      phone,
      text,
      template: null,
      buttons: [],
      statuses: [],
      error: null,
      at: Date.now(),
    });
    return track(
      post({
        messaging_product: 'whatsapp',
        metadata,
        contacts: [{ profile: { name: 'Test shopper' }, wa_id: `91${phone}` }],
        messages: [
          {
            ...(context ? { context: { from: DISPLAY_NUMBER, id: context } } : {}),
            from: `91${phone}`,
            id,
            timestamp: String(Math.floor(Date.now() / 1000)),
            ...message,
          } as WebhookMessage,
        ],
      }),
    );
  }

  const simulator: WhatsAppSimulator = {
    baseUrl: WHATSAPP_SIMULATOR_BASE_PATH,
    phoneNumberId,
    accessToken,
    appSecret,
    verifyToken,
    chat: (phone) => [...(chats.get(phone) ?? [])],
    tap(phone, messageId, index) {
      const message = byId.get(messageId);
      const button = message?.phone === phone ? message.buttons[index] : undefined;
      if (!message || !button) return Promise.resolve(404);
      return inbound(
        phone,
        { type: 'button', button: { payload: button.payload, text: button.label } },
        button.label,
        message.id,
      );
    },
    reply: (phone, text) => inbound(phone, { type: 'text', text: { body: text } }, text),
    setUnreachable(phone, on) {
      if (on) unreachable.add(phone);
      else unreachable.delete(phone);
    },
    setAutoStatuses(on) {
      autoStatuses = on;
    },
    status(messageId, status) {
      const message = byId.get(messageId);
      if (!message) return Promise.resolve(404);
      return track(postStatus(message, status));
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    posted: () => posted.all(),
    reset() {
      chats.clear();
      byId.clear();
      unreachable.clear();
      autoStatuses = true;
    },
  };

  return {
    simulator,
    /** The messages endpoint: the bearer token, then the body as the Cloud API checks it. */
    send(authorization: string | undefined, toPhoneNumberId: string, body: unknown): SendAnswer {
      if (authorization !== `Bearer ${accessToken}`) {
        return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
      }
      if (toPhoneNumberId !== phoneNumberId) {
        return graphError(
          400,
          100,
          `Unsupported post request. Object with ID '${toPhoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        );
      }
      const { message, error } = readSend(body as Partial<SendTemplateBody> | undefined);
      if (error || !message) return error ?? graphError(500, 1, 'An unknown error occurred');
      keep(message);
      if (autoStatuses) later(message);
      return {
        statusCode: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: `91${message.phone}`, wa_id: `91${message.phone}` }],
          messages: [{ id: message.id, message_status: 'accepted' }],
        },
      };
    },
  };
}

export type WhatsAppSimulatorInternals = ReturnType<typeof createWhatsAppSimulator>;
