import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../../contracts/http';
import { AuditPageSchema, AuditQuerySchema } from '../../../contracts/staff';
import { readAuditLog } from '../../modules/audit/audit-query';

/** docs/product.md#staff: an owner reads the audit log. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first; filters and `after` (the previous page’s `next`) (owner only)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => readAuditLog(app.db, request.query),
  );
};

export default auditRoutes;
