import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeIndianPhone } from '../../../contracts/phone';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import {
  formatOutboxTime,
  outboxContentSecurityPolicy,
  outboxStyle,
} from '../../modules/notifications/outbox-layout';

const OUTBOX_LIMIT = 100;

const OutboxMessageSchema = z.object({
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string(),
  body: z.string(),
  html: z.string().nullable(),
  code: z.string().nullable(),
  createdAt: z.string(),
});

/** An address as stored: e-mails lower-cased, phones as their 10 digits. */
function storedAddress(to: string): string {
  if (to.includes('@')) return to.trim().toLowerCase();
  const phone = normalizeIndianPhone(to);
  return phone.ok ? phone.phone : to.trim();
}

async function readOutbox(db: Database, to: string | undefined) {
  const rows = await db
    .select()
    .from(notifications)
    .where(to ? eq(notifications.recipient, storedAddress(to)) : undefined)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(OUTBOX_LIMIT);
  return rows.map((row) => ({
    to: row.recipient,
    channel: row.channel,
    subject: row.subject,
    body: row.body,
    html: row.html,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
  }));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function outboxPage(messages: Awaited<ReturnType<typeof readOutbox>>, to: string | undefined): string {
  const rows = messages
    .map(
      (
        m,
      ) => `<tr><td data-label="When">${escapeHtml(formatOutboxTime(m.createdAt))}</td><td data-label="Channel">${m.channel}</td>
<td data-label="To">${escapeHtml(m.to)}</td><td data-label="Subject">${escapeHtml(m.subject)}</td><td data-label="Message"><pre>${escapeHtml(m.body)}</pre></td>
<td data-label="Code">${m.code ? `<strong>${escapeHtml(m.code)}</strong>` : ''}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev outbox</title><style>${outboxStyle}</style></head>
<body><main><h1>Dev outbox</h1><p>Every message the shop would have sent, newest first${to ? ` (to ${escapeHtml(to)})` : ''}.
Shown only while no real e-mail or SMS transport is configured.</p>
<form method="get"><label>To <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
<table><thead><tr><th>When</th><th>Channel</th><th>To</th><th>Subject</th><th>Message</th><th>Code</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">No messages yet.</td></tr>'}</tbody></table></main></body></html>`;
}

/** The dev outbox (docs/architecture.md#dev-outbox): registered only while simulators are on, never in production. */
const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const query = z.object({ to: z.string().max(254).optional() });

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages the shop would have sent (simulators only), newest first',
        querystring: query,
        response: { 200: z.object({ messages: z.array(OutboxMessageSchema) }) },
      },
    },
    async (request) => ({ messages: await readOutbox(app.db, request.query.to) }),
  );

  app.get('/dev/outbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const messages = await readOutbox(app.db, request.query.to);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', outboxContentSecurityPolicy)
      .send(outboxPage(messages, request.query.to));
  });
};

export default outboxRoutes;
