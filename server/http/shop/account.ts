import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  DeleteAccountBodySchema,
  MessageReplySchema,
  SessionsReplySchema,
} from '../../../contracts/account';
import { OtpSentReplySchema } from '../../../contracts/auth';
import { errorReplies } from '../../../contracts/http';
import { deleteAccount, sendAccountDeletionCode } from '../../flows/delete-account';
import { exportAccountData } from '../../flows/export-account-data';
import { revokeAllSessionsOf } from '../../modules/auth/sessions';
import { listSignedInDevices, revokeSignedInDevice } from '../../modules/auth/signed-in-devices';
import { currentUserId } from '../authentication';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** docs/product.md#your-data and #signed-in-devices: the shopper's devices, data and account. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: FIFTEEN_MINUTES } };
  const deletionDeps = {
    db: app.db,
    notifier: app.notifier,
    smsGuard: { limits: app.config.otpSms, log: app.log },
    otpResendIntervalMs: app.config.otpResendIntervalMs,
  };

  app.get(
    '/sessions',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'The devices signed in to this account, this one marked `current`',
        response: { 200: SessionsReplySchema, ...errorReplies(401) },
      },
    },
    async (request) => ({
      sessions: await listSignedInDevices(app.db, currentUserId(request), request.auth?.sessionId),
    }),
  );

  app.delete(
    '/sessions/:sessionId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: "Sign one device out; another account's session is a 404",
        params: z.object({ sessionId: z.string().max(100) }),
        response: { 200: MessageReplySchema, ...errorReplies(401, 404) },
      },
    },
    async (request, reply) => {
      const { sessionId } = request.params;
      await revokeSignedInDevice(app.db, currentUserId(request), sessionId);
      if (sessionId === request.auth?.sessionId) app.clearSessionCookie(reply);
      return { status: 'success' as const, message: accountMessages.sessionRevoked };
    },
  );

  app.delete(
    '/sessions',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Sign out everywhere, this device included',
        response: { 200: MessageReplySchema, ...errorReplies(401) },
      },
    },
    async (request, reply) => {
      await revokeAllSessionsOf(app.db, currentUserId(request));
      app.clearSessionCookie(reply);
      return { status: 'success' as const, message: accountMessages.signedOutEverywhere };
    },
  );

  app.get(
    '/account/export',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Download everything the shop keeps about the shopper, as a JSON file',
        response: { 200: z.record(z.string(), z.unknown()), ...errorReplies(401) },
      },
    },
    async (request, reply) => {
      const data = await exportAccountData(app.db, currentUserId(request), request.auth?.sessionId);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="ottoman-mittens-my-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.post(
    '/account/deletion-code',
    {
      preHandler: app.requireUser,
      config: perIpLimit,
      schema: {
        tags: ['account'],
        summary: 'Send the code that confirms deleting the account, to its verified e-mail (else phone)',
        response: { 200: OtpSentReplySchema, ...errorReplies(401, 409, 429, 503) },
      },
    },
    async (request) => {
      const { message } = await sendAccountDeletionCode(deletionDeps, currentUserId(request), request.ip);
      return { status: 'success' as const, message };
    },
  );

  app.post(
    '/account/delete',
    {
      preHandler: app.requireUser,
      config: perIpLimit,
      schema: {
        tags: ['account'],
        summary: 'Delete the account with its code; orders and invoices are kept, detached',
        body: DeleteAccountBodySchema,
        response: { 200: MessageReplySchema, ...errorReplies(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { message } = await deleteAccount(deletionDeps, currentUserId(request), request.body.otp);
      app.clearSessionCookie(reply);
      return { status: 'success' as const, message };
    },
  );
};

export default accountRoutes;
