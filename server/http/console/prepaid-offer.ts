import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../../contracts/http';
import {
  PrepaidOfferBodySchema,
  PrepaidOfferReplySchema,
  prepaidOfferMessages,
} from '../../../contracts/prepaid-offer';
import { prepaidOfferView, updatePrepaidOffer } from '../../modules/prepaid-offer/prepaid-offer-settings';
import { staffActorOf } from '../staff-authentication';

/** docs/product.md#prepaid-offer: the console's discount for paying online (owners change it; audited). */
const adminPrepaidOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/prepaid-offer',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'The prepaid offer: the discount for paying online',
        response: { 200: PrepaidOfferReplySchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ settings: await prepaidOfferView(app.db) }),
  );

  app.put(
    '/prepaid-offer',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'Replace the prepaid offer (owner; audited)',
        body: PrepaidOfferBodySchema,
        response: { 200: PrepaidOfferReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      await updatePrepaidOffer(app.db, request.body, staffActorOf(request));
      return { message: prepaidOfferMessages.saved, settings: await prepaidOfferView(app.db) };
    },
  );
};

export default adminPrepaidOfferRoutes;
