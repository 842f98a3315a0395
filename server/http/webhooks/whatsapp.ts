import type { FastifyPluginAsync } from 'fastify';
import { orderEmailKinds } from '../../../contracts/order-status';
import { returnMessageKinds } from '../../../contracts/returns';
import { whatsappInbound } from '../../db/schema';
import { AppError } from '../../errors';
import { jobQueues } from '../../job-queues';
import { ndrFallbackJobOf } from '../../modules/ndr/ndr-message';
import { raiseSecurityAlert } from '../../modules/security-alerts/security-alerts';
import { recordStatuses } from '../../modules/whatsapp/messages';
import { marketingFallbackJobOf } from '../../modules/winback/promo-rules';
import {
  answerHandshake,
  readWhatsAppWebhook,
  WHATSAPP_WEBHOOK_PATH,
} from '../../providers/whatsapp/webhook';

// docs/architecture.md#whatsapp: Meta's webhooks for the shop's number. The GET is the one-time verification
// handshake; each POST is signed (X-Hub-Signature-256 over the raw body with the app secret), repeated at will,
// and answered fast: statuses are recorded once each, replies stored once and handled by a job.

export const whatsappWebhookMessages = {
  invalidSignature: 'Invalid webhook signature',
  malformed: 'The webhook body is not a WhatsApp Business Account event.',
  handshakeRefused: 'Verification refused',
} as const;

const kinds: ReadonlySet<string> = new Set(orderEmailKinds);
const returnKinds: ReadonlySet<string> = new Set(returnMessageKinds);

/** Meta posts at most a few hundred a second for a busy number; far above what this shop sees. */
const WEBHOOK_RATE_LIMIT = { rateLimit: { max: 600, timeWindow: 60_000 } };

const whatsappWebhookRoute: FastifyPluginAsync = async (app) => {
  const gateway = app.whatsapp;
  // Without WhatsApp there is nothing to hear about: the path answers 404 like any unknown one.
  if (!gateway) return;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
  app.get(
    WHATSAPP_WEBHOOK_PATH,
    {
      config: WEBHOOK_RATE_LIMIT,
      schema: { tags: ['webhooks'], summary: "WhatsApp's verification handshake (hub.verify_token)" },
    },
    async (request, reply) => {
      const challenge = answerHandshake(request.query as Record<string, unknown>, gateway.verifyToken);
      if (challenge === undefined) throw new AppError('forbidden', whatsappWebhookMessages.handshakeRefused);
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );
  app.post(
    WHATSAPP_WEBHOOK_PATH,
    {
      config: WEBHOOK_RATE_LIMIT,
      schema: { tags: ['webhooks'], summary: "WhatsApp's message webhooks (signed with the app secret)" },
    },
    async (request) => {
      const signature = request.headers['x-hub-signature-256'];
      const reading = readWhatsAppWebhook({
        rawBody: typeof request.body === 'string' ? request.body : '',
        signature: typeof signature === 'string' ? signature : undefined,
        appSecret: gateway.appSecret,
      });
      if (reading.kind === 'refused') {
        if (reading.reason === 'bad_signature') {
          await raiseSecurityAlert(app.db, {
            kind: 'webhook_signature_failed',
            subject: 'whatsapp',
            detail: 'A WhatsApp webhook failed its signature check: check the app secret.',
          });
          throw new AppError('invalid', whatsappWebhookMessages.invalidSignature);
        }
        throw new AppError('invalid', whatsappWebhookMessages.malformed);
      }
      await app.db.transaction(async (tx) => {
        for (const message of await recordStatuses(tx, reading.statuses)) {
          // docs/product.md#whatsapp: a failed message goes by e-mail or SMS instead, once.
          if (message.fellBackAt || message.answeredAt) continue;
          const ndr = ndrFallbackJobOf(message);
          if (ndr) {
            await app.jobs.send(tx, jobQueues.sendNdrMessage, ndr, {
              singletonKey: `wa-fallback-${message.id}`,
            });
            continue;
          }
          if (message.returnId && returnKinds.has(message.kind)) {
            await app.jobs.send(
              tx,
              jobQueues.sendReturnMessage,
              {
                returnId: message.returnId,
                kind: message.kind as (typeof returnMessageKinds)[number],
                fallbackOf: message.id,
              },
              { singletonKey: `wa-fallback-${message.id}` },
            );
            continue;
          }
          // docs/product.md#winback: a checkout reminder or back-in-stock notice goes by e-mail or SMS instead.
          const marketing = marketingFallbackJobOf(message);
          if (marketing) {
            await app.jobs.send(tx, marketing.queue, marketing.data, {
              singletonKey: `wa-fallback-${message.id}`,
            });
            continue;
          }
          if (!message.orderId || !kinds.has(message.kind)) continue;
          await app.jobs.send(
            tx,
            jobQueues.sendOrderEmail,
            {
              orderId: message.orderId,
              kind: message.kind as (typeof orderEmailKinds)[number],
              fallbackOf: message.id,
            },
            { singletonKey: `wa-fallback-${message.id}` },
          );
        }
        for (const event of reading.inbound) {
          const [stored] = await tx
            .insert(whatsappInbound)
            .values({
              wamid: event.messageId,
              fromPhone: event.from,
              kind: event.kind,
              payload: event.payload,
              text: event.text,
              contextId: event.contextId,
            })
            .onConflictDoNothing()
            .returning({ wamid: whatsappInbound.wamid });
          if (stored) await app.jobs.send(tx, jobQueues.handleWhatsAppReply, { wamid: stored.wamid });
        }
      });
      return { status: 'ok', statuses: reading.statuses.length, replies: reading.inbound.length };
    },
  );
};

export default whatsappWebhookRoute;
