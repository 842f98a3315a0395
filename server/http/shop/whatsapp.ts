import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../../contracts/http';
import { WhatsAppConsentBodySchema, WhatsAppConsentSchema } from '../../../contracts/whatsapp';
import { consentViewOf, setProfileConsent } from '../../modules/whatsapp/consent';
import { currentUserId } from '../authentication';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** docs/product.md#whatsapp-consent: the profile's "Order updates on WhatsApp" and "Reminders and offers on WhatsApp". */
const whatsappConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = { rateLimit: { max: 60, timeWindow: FIFTEEN_MINUTES } };
  app.get(
    '/account/whatsapp',
    {
      config: limit,
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary:
          'Whether order updates, and reminders and offers, go to this shopper on WhatsApp, and since when',
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
        summary:
          'Opt in to order updates and/or reminders and offers on WhatsApp (for the account mobile) or out',
        body: WhatsAppConsentBodySchema,
        response: { 200: WhatsAppConsentSchema, ...errorReplies(400, 401, 429) },
      },
    },
    async (request) => {
      const userId = currentUserId(request);
      const { optIn, marketing } = request.body;
      if (optIn !== undefined) await setProfileConsent(app.db, userId, optIn);
      if (marketing !== undefined) await setProfileConsent(app.db, userId, marketing, 'marketing');
      return consentViewOf(app.db, userId);
    },
  );
};

export default whatsappConsentRoutes;
