import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminStatsQuerySchema, AdminStatsReplySchema } from '../../../contracts/admin-stats';
import { errorReplies } from '../../../contracts/http';
import { salesStats } from '../../modules/admin-stats/sales-stats';

// docs/architecture.md#sales-charts; docs/product.md#sales-charts.

const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary:
          'Sales at a glance for the last 30 or 90 IST days: daily revenue and orders, units per product, payment methods',
        querystring: AdminStatsQuerySchema,
        response: { 200: AdminStatsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => salesStats(app.db, request.query.days),
  );
};

export default adminStatsRoutes;
