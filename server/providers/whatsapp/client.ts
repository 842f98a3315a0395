import type { GraphError, SendMessageReply, SendTemplateBody, TemplateComponent } from './types';

/** docs/architecture.md#whatsapp: the Graph API version the shop speaks. */
export const GRAPH_API_VERSION = 'v21.0';

const TIMEOUT_MS = 10_000;

export class WhatsAppError extends Error {
  constructor(
    /** `rejected`: Meta said no (a 4xx: bad token, unknown template, bad number); `unavailable`: try later. */
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    /** Graph's error code (190 bad token, 100 bad parameter, 132001 unknown template, 131056 rate…). */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'WhatsAppError';
  }
}

export interface WhatsAppClientOptions {
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  apiVersion?: string;
  fetch?: typeof fetch;
}

export interface TemplateMessage {
  /** The shopper's 10 digits (Indian numbers only). */
  to: string;
  template: string;
  language: string;
  /** The body's {{1}}, {{2}}, … in order. */
  bodyParameters: readonly string[];
  /** One payload per quick-reply button of the template, in its order. */
  quickReplyPayloads?: readonly string[];
}

export interface WhatsAppClient {
  /** Sends an approved template; answers the message id (`wamid.…`) the status webhooks will name. */
  sendTemplate(message: TemplateMessage): Promise<{ messageId: string; waId: string }>;
}

/** The request body for a template message, exactly as the Cloud API takes it. */
export function templateMessageBody(message: TemplateMessage): SendTemplateBody {
  const components: TemplateComponent[] = [];
  if (message.bodyParameters.length > 0) {
    components.push({
      type: 'body',
      parameters: message.bodyParameters.map((text) => ({ type: 'text', text })),
    });
  }
  (message.quickReplyPayloads ?? []).forEach((payload, index) => {
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    });
  });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: `91${message.to}`,
    type: 'template',
    template: { name: message.template, language: { code: message.language }, components },
  };
}

function isGraphError(value: unknown): value is GraphError {
  return typeof (value as GraphError | undefined)?.error?.message === 'string';
}

/** A small typed client of the Cloud API's messages endpoint (no SDK: it must reach the simulator too). */
export function createWhatsAppClient(options: WhatsAppClientOptions): WhatsAppClient {
  const doFetch = options.fetch ?? fetch;
  const version = options.apiVersion ?? GRAPH_API_VERSION;
  const url = `${options.baseUrl.replace(/\/$/, '')}/${version}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    async sendTemplate(message) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(templateMessageBody(message)),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new WhatsAppError('unavailable', `WhatsApp could not be reached: ${String(error)}`);
      }
      const reply: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const graph = isGraphError(reply) ? reply.error : undefined;
        // 429 and 5xx pass; 4xx are Meta's no (a throttle arrives as a 400 with code 130429/131056: rejected).
        const kind = response.status >= 500 || response.status === 429 ? 'unavailable' : 'rejected';
        throw new WhatsAppError(
          kind,
          `WhatsApp refused the message: ${response.status} ${graph?.message ?? ''}`.trim(),
          graph?.code,
        );
      }
      const sent = reply as Partial<SendMessageReply> | undefined;
      const messageId = sent?.messages?.[0]?.id;
      if (!messageId) throw new WhatsAppError('unavailable', 'WhatsApp answered without a message id');
      return { messageId, waId: sent?.contacts?.[0]?.wa_id ?? `91${message.to}` };
    },
  };
}
