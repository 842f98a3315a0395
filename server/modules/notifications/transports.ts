import nodemailer from 'nodemailer';
import type { SmsTemplate } from './sms-templates';

export interface EmailMessage {
  to: string;
  subject: string;
  /** The plain-text part; every e-mail has one. */
  text: string;
  html?: string;
  /** Where a reply goes, when not to the shop's own address. */
  replyTo?: string;
  /** The OTP the text carries, if any (kept for the dev outbox). */
  code?: string;
  /** Files sent with it, such as the tax invoice with the order-confirmed e-mail. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface SmsMessage {
  /** 10 digits. */
  to: string;
  text: string;
  /** The OTP, for gateways that fill an approved template with it. */
  code?: string;
  /** The DLT-registered template the text was made from, and its variables; without it, the OTP template. */
  template?: Exclude<SmsTemplate, 'otp'>;
  variables?: Record<string, string>;
}

export interface Transport<Message> {
  /** Recorded with each message: 'smtp', 'msg91' or 'outbox'. */
  name: string;
  send(message: Message): Promise<void>;
}

export function smtpTransport(smtpUrl: string, from: string): Transport<EmailMessage> {
  const mailer = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send({ to, subject, text, html, replyTo, attachments }) {
      await mailer.sendMail({
        from,
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(replyTo ? { replyTo } : {}),
        ...(attachments?.length ? { attachments } : {}),
      });
    },
  };
}

const MSG91_TIMEOUT_MS = 10_000;

/**
 * MSG91's Flow API (POST /api/v5/flow): Indian operators deliver only DLT-registered templates, so the
 * message text is the approved template on MSG91's side and we send its variables (the OTP is `##otp##`).
 */
export function msg91Transport(options: {
  authKey: string;
  otpTemplateId: string;
  templateIds: Partial<Record<Exclude<SmsTemplate, 'otp'>, string>>;
  baseUrl: string;
}): Transport<SmsMessage> {
  return {
    name: 'msg91',
    async send({ to, code, template, variables }) {
      const templateId = template ? options.templateIds[template] : options.otpTemplateId;
      if (!templateId) throw new Error(`No MSG91 template id is configured for ${template}`);
      const values = template ? (variables ?? {}) : { otp: code ?? '' };
      const response = await fetch(new URL('/api/v5/flow', options.baseUrl), {
        method: 'POST',
        headers: { authkey: options.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: templateId,
          short_url: '0',
          recipients: [{ mobiles: `91${to}`, ...values }],
        }),
        signal: AbortSignal.timeout(MSG91_TIMEOUT_MS),
      });
      const reply = (await response.json().catch(() => ({}))) as { type?: string; message?: string };
      if (!response.ok || reply.type !== 'success') {
        throw new Error(`MSG91 refused the SMS: ${response.status} ${reply.message ?? ''}`.trim());
      }
    },
  };
}

/** No transport configured: the message lives only in the notifications table, shown by the dev outbox. */
export function outboxTransport<Message>(): Transport<Message> {
  return { name: 'outbox', send: async () => {} };
}
