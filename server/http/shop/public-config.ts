import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfigSchema } from '../../../contracts/public-config';
import { readPageFacts } from '../../modules/pages/page-facts';
import { sellerDetailsOf } from '../../modules/shop-settings/seller-details';

/** What the browser app needs to know of this server's set-up; nothing secret. */
const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: "The app's public settings",
        response: { 200: PublicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      const simulator = app.googleSimulator;
      const { settings, returnWindowDays, cashOnDelivery } = await readPageFacts(app.db);
      return {
        google: simulator
          ? { clientId: simulator.clientId, mode: 'simulator' as const }
          : { clientId: app.config.google.clientId ?? '', mode: 'google' as const },
        razorpay: { keyId: app.razorpay.keyId, checkoutScriptUrl: app.razorpay.checkoutScriptUrl },
        dispatchDays: settings.dispatchDays,
        returnWindowDays,
        seller: sellerDetailsOf(settings),
        cashOnDelivery,
        whatsapp: app.whatsapp !== undefined,
      };
    },
  );
};

export default publicConfigRoutes;
