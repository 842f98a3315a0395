import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMessageActionReplySchema,
  AdminMessageDetailSchema,
  AdminMessageIdParamsSchema,
  AdminMessageStatusBodySchema,
  AdminMessagesQuerySchema,
  AdminMessagesReplySchema,
  AdminReplyBodySchema,
  AdminReplyHeadersSchema,
  adminInboxMessages,
} from '../../../contracts/admin-inbox';
import { errorReplies } from '../../../contracts/http';
import { AppError } from '../../errors';
import { replyToMessage, setMessageStatus } from '../../modules/admin-inbox/inbox-actions';
import { findInboxMessage, listInboxMessages } from '../../modules/admin-inbox/inbox-queries';
import { staffActorOf } from '../staff-authentication';

// docs/architecture.md#contact-inbox; docs/product.md#contact-inbox.

const readErrors = errorReplies(400, 401, 403, 404);
const actionErrors = errorReplies(400, 401, 403, 404, 409);

async function detailOrThrow(app: FastifyInstance, id: string) {
  const detail = await findInboxMessage(app.db, id, new Date());
  if (!detail) throw new AppError('not_found', adminInboxMessages.messageNotFound);
  return detail;
}

const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');

  app.get(
    '/messages',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary:
          'Contact messages, newest first, a page at a time; filter by status or topic; complaints with their clocks',
        querystring: AdminMessagesQuerySchema,
        response: { 200: AdminMessagesReplySchema, ...readErrors },
      },
    },
    async (request) => listInboxMessages(app.db, request.query, new Date()),
  );

  app.get(
    '/messages/:id',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: "One contact message, its replies oldest first, and the sender's shopper account",
        params: AdminMessageIdParamsSchema,
        response: { 200: AdminMessageDetailSchema, ...readErrors },
      },
    },
    async (request) => detailOrThrow(app, request.params.id),
  );

  app.post(
    '/messages/:id/reply',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary:
          'E-mail a reply to the sender and mark the message replied; the same Idempotency-Key sends once',
        params: AdminMessageIdParamsSchema,
        headers: AdminReplyHeadersSchema,
        body: AdminReplyBodySchema,
        response: { 200: AdminMessageActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const { message } = await replyToMessage(
        app.db,
        app.jobs,
        {
          messageId: request.params.id,
          body: request.body.body,
          requestKey: request.headers['idempotency-key'],
        },
        staffActorOf(request),
      );
      return { message, detail: await detailOrThrow(app, request.params.id) };
    },
  );

  app.post(
    '/messages/:id/status',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Close the message, or reopen it as new',
        params: AdminMessageIdParamsSchema,
        body: AdminMessageStatusBodySchema,
        response: { 200: AdminMessageActionReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const { message } = await setMessageStatus(
        app.db,
        request.params.id,
        request.body.status,
        staffActorOf(request),
      );
      return { message, detail: await detailOrThrow(app, request.params.id) };
    },
  );
};

export default adminInboxRoutes;
