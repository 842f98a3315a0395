import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { messagesSent } from '../../metrics';
import {
  type EmailMessage,
  msg91Transport,
  outboxTransport,
  type SmsMessage,
  smtpTransport,
  type Transport,
} from './transports';

export interface Notifier {
  /** True while some channel has no real transport: the dev outbox is then on. */
  readonly outboxEnabled: boolean;
  email(message: EmailMessage): Promise<void>;
  sms(message: SmsMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

async function deliver<Message extends { to: string; code?: string | undefined }>(
  db: Database,
  transport: Transport<Message>,
  channel: 'email' | 'sms',
  message: Message,
  content: { subject: string; body: string; html?: string | undefined },
) {
  const record = {
    channel,
    recipient: message.to,
    subject: content.subject,
    body: content.body,
    html: content.html ?? null,
    // A code is kept only where nobody else delivers it: the outbox is how a developer or a test reads it.
    code: transport.name === 'outbox' ? (message.code ?? null) : null,
    transport: transport.name,
  };
  try {
    await transport.send(message);
  } catch (error) {
    messagesSent.inc({ channel, outcome: 'failed' });
    await db
      .insert(notifications)
      .values({ ...record, status: 'failed', error: String(error).slice(0, 500) });
    throw error;
  }
  messagesSent.inc({ channel, outcome: 'sent' });
  await db.insert(notifications).values({ ...record, status: 'sent' });
}

export function createNotifier(
  db: Database,
  transports: { email: Transport<EmailMessage>; sms: Transport<SmsMessage> },
): Notifier {
  return {
    outboxEnabled: transports.email.name === 'outbox' || transports.sms.name === 'outbox',
    email: (message) =>
      deliver(db, transports.email, 'email', message, {
        subject: message.subject,
        body: message.text,
        html: message.html,
      }),
    sms: (message) => deliver(db, transports.sms, 'sms', message, { subject: '', body: message.text }),
  };
}

/** Every message the shop sends goes through `app.notifier`; real transports where configured. */
export default fp(
  async (app) => {
    const { mail, sms } = app.config;
    app.decorate(
      'notifier',
      createNotifier(app.db, {
        email: mail.smtpUrl ? smtpTransport(mail.smtpUrl, mail.from) : outboxTransport(),
        sms: sms.msg91 ? msg91Transport(sms.msg91) : outboxTransport(),
      }),
    );
  },
  { name: 'notifier', dependencies: ['database'] },
);
