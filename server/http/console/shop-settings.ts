import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../../contracts/http';
import {
  ShopSettingsBodySchema,
  ShopSettingsReplySchema,
  shopSettingsMessages,
} from '../../../contracts/shop-settings';
import { findShopSettingsView } from '../../modules/shop-settings/shop-settings-view';
import { updateShopSettings } from '../../modules/shop-settings/update-shop-settings';
import { staffActorOf } from '../staff-authentication';

/** docs/product.md#seller-settings: all staff read the shop's settings; an owner changes them. */
const shopSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'The seller’s details for tax invoices, the document prefixes and the dispatch days',
        response: { 200: ShopSettingsReplySchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ settings: await findShopSettingsView(app.db) }),
  );

  app.put(
    '/settings',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'Replace the settings; invoices already issued keep theirs (owner)',
        body: ShopSettingsBodySchema,
        response: { 200: ShopSettingsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      await updateShopSettings(app.db, request.body, staffActorOf(request));
      return { message: shopSettingsMessages.saved, settings: await findShopSettingsView(app.db) };
    },
  );
};

export default shopSettingsRoutes;
