import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminActionReplySchema, adminOrderMessages } from '../../../contracts/admin-orders';
import { CodSettingsBodySchema, CodSettingsReplySchema, codSettingsMessages } from '../../../contracts/cod';
import { errorReplies } from '../../../contracts/http';
import { AppError } from '../../errors';
import { confirmCodByStaff } from '../../flows/cod-orders';
import { findAdminOrder } from '../../modules/admin-orders/order-detail';
import { codSettingsView, updateCodSettings } from '../../modules/cod/cod-settings';
import { staffActorOf } from '../staff-authentication';

/** docs/product.md#cash-on-delivery: the console's COD settings (owners change them) and confirm after a call. */
const adminCodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cod-settings',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'The cash-on-delivery settings',
        response: { 200: CodSettingsReplySchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ settings: await codSettingsView(app.db) }),
  );

  app.put(
    '/cod-settings',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'Replace the cash-on-delivery settings (owner; audited)',
        body: CodSettingsBodySchema,
        response: { 200: CodSettingsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      await updateCodSettings(app.db, request.body, staffActorOf(request));
      return { message: codSettingsMessages.saved, settings: await codSettingsView(app.db) };
    },
  );

  app.post(
    '/orders/:id/cod-confirm',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'Confirm a COD order awaiting confirmation after a call with the shopper (audited)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: AdminActionReplySchema, ...errorReplies(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const deps = { db: app.db, jobs: app.jobs };
      const { message } = await confirmCodByStaff(deps, request.params.id, staffActorOf(request));
      const order = await findAdminOrder(app.db, request.params.id, app.config.publicUrl);
      if (!order) throw new AppError('not_found', adminOrderMessages.orderNotFound);
      return { message, order };
    },
  );
};

export default adminCodRoutes;
