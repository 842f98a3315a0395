import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import { NDR_LINK_HEADER, NdrChoiceSchema, NdrViewSchema, ndrMessages } from '../../../contracts/ndr';
import { AppError } from '../../errors';
import { chooseForDelivery, deliveryIssueView } from '../../flows/ndr';
import { orderOfNdrLink } from '../../modules/ndr/ndr-writer';
import { findUserOrder } from '../../modules/orders/order-view';
import { currentUserId } from '../authentication';

// docs/product.md#failed-deliveries: the shopper's page after a failed delivery. From the message's link (its token
// in the X-Delivery-Link header, no session: a header a cross-site form cannot set), or signed in, for their own
// order only (another's is a 404, as if it did not exist).

const LinkHeadersSchema = z.looseObject({
  [NDR_LINK_HEADER]: z.string().max(200).optional().describe('The message link’s token'),
});
const OrderParamsSchema = z.object({ orderId: z.string().max(64) });

// Each door has its limit: a link is tried from one shopper's phone, a few times a minute at most.
const readLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };
const choiceLimit = { rateLimit: { max: 10, timeWindow: 60_000 } };
const linkErrors = errorReplies(400, 401, 404, 409, 422, 429);

async function orderOfLink(request: FastifyRequest, db: Parameters<typeof orderOfNdrLink>[0]) {
  const token = request.headers[NDR_LINK_HEADER];
  if (typeof token !== 'string' || token === '') throw new AppError('unauthorized', ndrMessages.linkExpired);
  const orderId = await orderOfNdrLink(db, token);
  if (!orderId) throw new AppError('unauthorized', ndrMessages.linkExpired);
  return orderId;
}

export const deliveryIssueLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery-issue',
    {
      config: readLimit,
      schema: {
        tags: ['orders'],
        summary: 'The failed delivery of the order the message’s link is for',
        headers: LinkHeadersSchema,
        response: { 200: NdrViewSchema, ...linkErrors },
      },
    },
    async (request) => deliveryIssueView(app.db, await orderOfLink(request, app.db)),
  );

  app.post(
    '/delivery-issue/choice',
    {
      config: choiceLimit,
      schema: {
        tags: ['orders'],
        summary:
          'Deliver again on a chosen day (with a phone or landmark), or cancel: sent to the courier once',
        headers: LinkHeadersSchema,
        body: NdrChoiceSchema,
        response: { 200: NdrViewSchema, ...linkErrors },
      },
    },
    async (request) =>
      chooseForDelivery(app, await orderOfLink(request, app.db), request.body, { kind: 'shopper' }),
  );
};

export const deliveryIssueOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  async function ownOrderId(request: FastifyRequest<{ Params: { orderId: string } }>, _reply?: FastifyReply) {
    const row = await findUserOrder(app.db, currentUserId(request), request.params.orderId);
    if (!row) throw new AppError('not_found', ndrMessages.noIssue);
    return row.id;
  }

  app.get(
    '/:orderId/delivery-issue',
    {
      config: readLimit,
      schema: {
        tags: ['orders'],
        summary: 'The failed delivery of the signed-in shopper’s own order',
        params: OrderParamsSchema,
        response: { 200: NdrViewSchema, ...errorReplies(401, 404, 429) },
      },
    },
    async (request) => deliveryIssueView(app.db, await ownOrderId(request)),
  );

  app.post(
    '/:orderId/delivery-issue/choice',
    {
      config: choiceLimit,
      schema: {
        tags: ['orders'],
        summary: 'The signed-in shopper’s choice for their own order’s failed delivery',
        params: OrderParamsSchema,
        body: NdrChoiceSchema,
        response: { 200: NdrViewSchema, ...errorReplies(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request) => chooseForDelivery(app, await ownOrderId(request), request.body, { kind: 'shopper' }),
  );
};
