import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import {
  AdminNdrActionSchema,
  AdminNdrQueueSchema,
  NdrQueueQuerySchema,
  NdrRatesQuerySchema,
  NdrRatesSchema,
  NdrViewSchema,
  ndrMessages,
} from '../../../contracts/ndr';
import { AppError } from '../../errors';
import { chooseForDelivery } from '../../flows/ndr';
import { ndrQueue, ndrRates, orderIdOfReport } from '../../modules/ndr/ndr-views';
import { staffActorOf } from '../staff-authentication';

// docs/product.md#failed-deliveries: the owner's NDR queue, a choice made for the shopper after a call (audited as
// `ndr.reattempt` / `ndr.return` with the call's note), and the NDR and RTO rates beside the COD figures.

const ReportParamsSchema = z.object({ id: z.string().max(64) });

const adminNdrRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');

  app.get(
    '/ndr',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Failed deliveries: open (waiting for a choice first, by deadline) or closed (newest first)',
        querystring: NdrQueueQuerySchema,
        response: { 200: AdminNdrQueueSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => ({ reports: await ndrQueue(app.db, request.query.state) }),
  );

  app.get(
    '/ndr/rates',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'NDR and RTO rates of the parcels booked in the last `days`, by courier and by pincode',
        querystring: NdrRatesQuerySchema,
        response: { 200: NdrRatesSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => ndrRates(app.db, request.query.days),
  );

  app.post(
    '/ndr/:id/action',
    {
      preValidation: support,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['admin'],
        summary: 'Deliver again or return, for the shopper after a call; audited with the note',
        params: ReportParamsSchema,
        body: AdminNdrActionSchema,
        response: { 200: NdrViewSchema, ...errorReplies(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const orderId = await orderIdOfReport(app.db, request.params.id);
      if (!orderId) throw new AppError('not_found', ndrMessages.noIssue);
      const { note, ...choice } = request.body;
      return chooseForDelivery(app, orderId, choice, {
        kind: 'staff',
        actor: staffActorOf(request),
        note,
      });
    },
  );
};

export default adminNdrRoutes;
