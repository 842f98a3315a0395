import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The OTP the text carries, if any (kept for the dev outbox). */
  code?: string;
}

export interface SmsMessage {
  /** 10 digits. */
  to: string;
  text: string;
  /** The OTP, for gateways that fill an approved template with it. */
  code?: string;
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
    async send({ to, subject, text }) {
      await mailer.sendMail({ from, to, subject, text });
    },
  };
}

const MSG91_TIMEOUT_MS = 10_000;

/**
 * MSG91's Flow API (POST /api/v5/flow): Indian operators deliver only DLT-registered templates, so the
 * message text is the approved template on MSG91's side and we send its variable, the OTP (`##otp##`).
 */
export function msg91Transport(options: {
  authKey: string;
  otpTemplateId: string;
  baseUrl: string;
}): Transport<SmsMessage> {
  return {
    name: 'msg91',
    async send({ to, code }) {
      const response = await fetch(new URL('/api/v5/flow', options.baseUrl), {
        method: 'POST',
        headers: { authkey: options.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: options.otpTemplateId,
          short_url: '0',
          recipients: [{ mobiles: `91${to}`, otp: code ?? '' }],
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
