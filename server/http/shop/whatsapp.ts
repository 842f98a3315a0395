import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../../contracts/http';
import { WhatsAppConsentBodySchema, WhatsAppConsentSchema } from '../../../contracts/whatsapp';
import { consentViewOf, setProfileConsent } from '../../modules/whatsapp/consent';
import { currentUserId } from '../authentication';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** docs/product.md#whatsapp-consent: the profile's "Order updates on WhatsApp". */
const whatsappConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = { rateLimit: { max: 60, timeWindow: FIFTEEN_MINUTES } };
  app.get(
    '/account/whatsapp',
    {
      config: limit,
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Whether order updates go to this shopper on WhatsApp, and since when',
        response: { 200: WhatsAppConsentSchema, ...errorReplies(401, 429) },
      },
    },
    async (request) => consentViewOf(app.db, currentUserId(request)),
  );
  app.put(
    '/account/whatsapp',
    {
      config: limit,
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Opt in to order updates on WhatsApp (for the account mobile) or out',
        body: WhatsAppConsentBodySchema,
        response: { 200: WhatsAppConsentSchema, ...errorReplies(400, 401, 429) },
      },
    },
    async (request) => {
      const userId = currentUserId(request);
      await setProfileConsent(app.db, userId, request.body.optIn);
      return consentViewOf(app.db, userId);
    },
  );
};

export default whatsappConsentRoutes;
