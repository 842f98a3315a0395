import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminActionReplySchema,
  AdminEmailParamsSchema,
  AdminNoteBodySchema,
  AdminNoteHeadersSchema,
  AdminOrderDetailSchema,
  AdminOrderIdParamsSchema,
  type AdminOrdersCsvQuery,
  AdminOrdersCsvQuerySchema,
  AdminOrdersQuerySchema,
  AdminOrdersReplySchema,
  AdminRefundBodySchema,
  AdminRefundHeadersSchema,
  AttentionReplySchema,
  adminOrderMessages,
  DashboardReplySchema,
} from '../../../contracts/admin-orders';
import { errorReplies } from '../../../contracts/http';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  addNoteFromConsole,
  cancelFromConsole,
  refundFromConsole,
  resendOrderEmailFromConsole,
  retryShipmentFromConsole,
} from '../../flows/console-order-actions';
import { paymentDeps } from '../../flows/deps';
import { shipLateFromConsole } from '../../flows/ship-late';
import { openAttentionItems } from '../../modules/admin-orders/attention';
import { dashboardFigures } from '../../modules/admin-orders/dashboard';
import { findAdminOrder } from '../../modules/admin-orders/order-detail';
import { searchOrders } from '../../modules/admin-orders/order-search';
import { orderItemsCsv, ordersCsv } from '../../modules/admin-orders/orders-csv';
import { staffActorOf } from '../staff-authentication';

// docs/architecture.md#console-orders-api; docs/product.md#http-api.

const readErrors = errorReplies(400, 401, 403, 404);
const actionErrors = errorReplies(400, 401, 403, 404, 409, 502);
const MAX_CSV_DAYS = 366;

async function detailOrThrow(app: FastifyInstance, orderId: string) {
  const detail = await findAdminOrder(app.db, orderId, app.config.publicUrl);
  if (!detail) throw new AppError('not_found', adminOrderMessages.orderNotFound);
  return detail;
}

const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');
  const owner = app.requireStaff('owner');

  app.get(
    '/orders',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Orders, newest first, a page at a time; filter and search',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersReplySchema, ...readErrors },
      },
    },
    async (request) => searchOrders(app.db, request.query),
  );

  const csvExport = (
    path: string,
    summary: string,
    fileName: (query: AdminOrdersCsvQuery) => string,
    rows: (db: Database, query: AdminOrdersCsvQuery) => AsyncGenerator<string>,
  ) =>
    app.get(
      path,
      {
        preValidation: support,
        schema: {
          tags: ['admin'],
          summary,
          querystring: AdminOrdersCsvQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.unknown().describe('text/csv'), ...readErrors },
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        if (from > to) throw new AppError('invalid', adminOrderMessages.rangeBackwards);
        const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
        if (days > MAX_CSV_DAYS) throw new AppError('invalid', adminOrderMessages.csvRangeTooLong);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName(request.query)}"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(rows(app.db, request.query)));
      },
    );

  csvExport(
    '/orders.csv',
    'The orders placed on the IST days from..to as CSV, one row an order, streamed',
    ({ from, to }) => `orders-${from}-to-${to}.csv`,
    ordersCsv,
  );
  csvExport(
    '/order-items.csv',
    'The lines of the orders placed on the IST days from..to as CSV, one row a line, streamed',
    ({ from, to }) => `order-items-${from}-to-${to}.csv`,
    orderItemsCsv,
  );

  app.get(
    '/orders/:id',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'One order with its payments, refunds, parcel, notes and one timeline',
        params: AdminOrderIdParamsSchema,
        response: { 200: AdminOrderDetailSchema, ...readErrors },
      },
    },
    async (request) => detailOrThrow(app, request.params.id),
  );

  app.post(
    '/orders/:id/cancel',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Cancel the order with a full refund, before the courier picks it up (owner)',
        params: AdminOrderIdParamsSchema,
        response: { 200: AdminActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const deps = { ...paymentDeps(app), shiprocket: app.shiprocket.client };
      const { message } = await cancelFromConsole(deps, request.params.id, staffActorOf(request));
      return { message, order: await detailOrThrow(app, request.params.id) };
    },
  );

  app.post(
    '/orders/:id/ship-late',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Ship an order paid when its stock had run out, now that the stock covers it (owner)',
        params: AdminOrderIdParamsSchema,
        response: { 200: AdminActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const { message } = await shipLateFromConsole(
        paymentDeps(app),
        request.params.id,
        staffActorOf(request),
        adminOrderMessages.orderNotFound,
      );
      return { message, order: await detailOrThrow(app, request.params.id) };
    },
  );

  app.post(
    '/orders/:id/refunds',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Refund part (or all) of what is left; the same Idempotency-Key refunds once (owner)',
        params: AdminOrderIdParamsSchema,
        headers: AdminRefundHeadersSchema,
        body: AdminRefundBodySchema,
        response: { 200: AdminActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const { message } = await refundFromConsole(
        paymentDeps(app),
        {
          orderId: request.params.id,
          amountPaise: request.body.amountPaise,
          reason: request.body.reason,
          requestKey: request.headers['idempotency-key'],
        },
        staffActorOf(request),
      );
      return { message, order: await detailOrThrow(app, request.params.id) };
    },
  );

  app.post(
    '/orders/:id/shipment/retry',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Book the parcel again, after the courier refused it; one booking at a time',
        params: AdminOrderIdParamsSchema,
        response: { 200: AdminActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const { message } = await retryShipmentFromConsole(
        paymentDeps(app),
        request.params.id,
        staffActorOf(request),
      );
      return { message, order: await detailOrThrow(app, request.params.id) };
    },
  );

  app.post(
    '/orders/:id/emails/:kind/resend',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Send an order message again that was sent before',
        params: AdminEmailParamsSchema,
        response: { 200: AdminActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const deps = { ...paymentDeps(app), publicUrl: app.config.publicUrl };
      const { id, kind } = request.params;
      const { message } = await resendOrderEmailFromConsole(deps, id, kind, staffActorOf(request));
      return { message, order: await detailOrThrow(app, id) };
    },
  );

  app.post(
    '/orders/:id/notes',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary:
          'Add an internal note to the order (never shown to the shopper); the same Idempotency-Key adds it once',
        params: AdminOrderIdParamsSchema,
        headers: AdminNoteHeadersSchema,
        body: AdminNoteBodySchema,
        response: { 200: AdminActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const { message } = await addNoteFromConsole(
        app.db,
        {
          orderId: request.params.id,
          body: request.body.body,
          requestKey: request.headers['idempotency-key'],
        },
        staffActorOf(request),
      );
      return { message, order: await detailOrThrow(app, request.params.id) };
    },
  );

  app.get(
    '/attention',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'What needs a person: open order flags and security alerts, oldest first',
        response: { 200: AttentionReplySchema, ...readErrors },
      },
    },
    async () => ({ items: await openAttentionItems(app.db) }),
  );

  app.get(
    '/dashboard',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Orders, revenue net of refunds and average order value: today, 7 and 30 days (IST)',
        response: { 200: DashboardReplySchema, ...readErrors },
      },
    },
    async () => dashboardFigures(app.db),
  );
};

export default adminOrderRoutes;
