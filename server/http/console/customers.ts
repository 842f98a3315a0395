import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBlockBodySchema,
  AdminCustomerActionReplySchema,
  AdminCustomerDetailSchema,
  AdminCustomerIdParamsSchema,
  AdminCustomersQuerySchema,
  AdminCustomersReplySchema,
  adminCustomerMessages,
} from '../../../contracts/admin-customers';
import { errorReplies } from '../../../contracts/http';
import { AppError } from '../../errors';
import {
  blockCustomer,
  signOutEverywhere,
  unblockCustomer,
} from '../../modules/admin-customers/customer-actions';
import { findAdminCustomer } from '../../modules/admin-customers/customer-detail';
import { searchCustomers } from '../../modules/admin-customers/customer-search';
import { staffActorOf } from '../staff-authentication';

// docs/architecture.md#console-customers; docs/product.md#customers.

const readErrors = errorReplies(400, 401, 403, 404);
const actionErrors = errorReplies(400, 401, 403, 404);

async function detailOrThrow(app: FastifyInstance, userId: string) {
  const detail = await findAdminCustomer(app.db, userId);
  if (!detail) throw new AppError('not_found', adminCustomerMessages.customerNotFound);
  return detail;
}

const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');
  const owner = app.requireStaff('owner');

  app.get(
    '/customers',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Shoppers, newest first, 50 a page; search by part of a name, e-mail or phone',
        querystring: AdminCustomersQuerySchema,
        response: { 200: AdminCustomersReplySchema, ...readErrors },
      },
    },
    async (request) => searchCustomers(app.db, request.query),
  );

  app.get(
    '/customers/:id',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: "One shopper: profile, sign-in methods, live sessions, orders and whether they're blocked",
        params: AdminCustomerIdParamsSchema,
        response: { 200: AdminCustomerDetailSchema, ...readErrors },
      },
    },
    async (request) => detailOrThrow(app, request.params.id),
  );

  app.post(
    '/customers/:id/sign-out',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'End every session of the shopper (owner)',
        params: AdminCustomerIdParamsSchema,
        response: { 200: AdminCustomerActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const { message } = await signOutEverywhere(app.db, request.params.id, staffActorOf(request));
      return { message, customer: await detailOrThrow(app, request.params.id) };
    },
  );

  app.post(
    '/customers/:id/block',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary:
          'Block the shopper: no sign-in, no new order, every session ended; a repeat changes nothing (owner)',
        params: AdminCustomerIdParamsSchema,
        body: AdminBlockBodySchema,
        response: { 200: AdminCustomerActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { message } = await blockCustomer(app.db, id, request.body?.reason, staffActorOf(request));
      return { message, customer: await detailOrThrow(app, id) };
    },
  );

  app.post(
    '/customers/:id/unblock',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Let a blocked shopper sign in again; a repeat changes nothing (owner)',
        params: AdminCustomerIdParamsSchema,
        body: AdminBlockBodySchema,
        response: { 200: AdminCustomerActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { message } = await unblockCustomer(app.db, id, request.body?.reason, staffActorOf(request));
      return { message, customer: await detailOrThrow(app, id) };
    },
  );
};

export default adminCustomerRoutes;
