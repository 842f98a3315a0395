import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageSchema, ContactReplySchema } from '../../../contracts/contact';
import { errorReplies } from '../../../contracts/http';
import { messages } from '../../../contracts/messages';
import { challengeGate } from '../../modules/challenge/gate';
import { saveContactMessage } from '../../modules/contact/service';
import { optionalUserId } from '../authentication';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { max, windowMs } = app.config.contactRateLimit;

  app.post(
    '/contact',
    {
      config: { rateLimit: { max, timeWindow: windowMs } },
      preHandler: challengeGate(app),
      schema: {
        tags: ['contact'],
        summary: 'Send the shop a message (docs/product.md#behaviour Contact form)',
        body: ContactMessageSchema,
        response: { 201: ContactReplySchema, ...errorReplies(400, 413, 428, 429) },
      },
    },
    async (request, reply) => {
      const saved = await saveContactMessage(app.db, app.jobs, request.body, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
        // docs/product.md#contact-inbox: a signed-in sender's message is theirs, whatever e-mail they typed.
        userId: await optionalUserId(app.db, request),
      });
      // docs/product.md#complaints: a complaint's acknowledgement number, at once.
      return reply.code(201).send({
        success: true,
        message: messages.messageSent,
        ...(saved.complaintNumber ? { complaintNumber: saved.complaintNumber } : {}),
      });
    },
  );
};

export default contactRoutes;
