import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageReplySchema } from '../../../contracts/account';
import { errorReplies } from '../../../contracts/http';
import {
  ChangeRoleBodySchema,
  InviteStaffBodySchema,
  StaffListReplySchema,
  StaffMemberReplySchema,
  StaffSessionReplySchema,
  StaffSetupBodySchema,
  StaffSetupInfoSchema,
  StaffSetupReplySchema,
  StaffSignInBodySchema,
  StaffSignInReplySchema,
  staffConsoleMessages,
  staffMessages,
} from '../../../contracts/staff';
import { AppError } from '../../errors';
import { challengeGate } from '../../modules/challenge/gate';
import { inviteStaff } from '../../modules/staff/invite-staff';
import { secretBox } from '../../modules/staff/secret-box';
import { completeSetup, sealUnsealedTotpSecrets, setupInfo } from '../../modules/staff/setup-service';
import {
  completeStaffSignIn,
  staffSignInNeedsChallenge,
  startStaffSignIn,
} from '../../modules/staff/sign-in-service';
import { changeStaffRole, disableStaff, listStaff } from '../../modules/staff/staff-accounts';
import { findLiveStaffSession, revokeStaffSession } from '../../modules/staff/staff-sessions';
import { assertSameSite } from '../authentication';
import { currentStaff, staffTokenOf } from '../staff-authentication';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const SetupParamsSchema = z.object({ token: z.string().min(1).max(200) });
const StaffParamsSchema = z.object({ staffId: z.uuid('staffId must be a staff id') });

/** docs/architecture.md#staff: the console's sign-in, set-up and staff management, under /api/admin. */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: FIFTEEN_MINUTES } };
  const origin = (request: { ip: string; headers: { 'user-agent'?: string | undefined } }) => ({
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });

  const signInOptions = { delayScale: app.config.loginFailureDelayScale };
  const secrets = secretBox(app.config.staffSecretsKey);
  // A shop starts while its database is down (GET /api/health says so): the sealing then waits for the next start.
  app.addHook('onReady', async () => {
    await sealUnsealedTotpSecrets(app.db, secrets).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not seal the stored TOTP secrets at start'),
    );
  });

  app.post(
    '/session',
    {
      // docs/architecture.md#staff: repeated failures ask for the bot challenge, never lock the account; the
      // per-IP rate limit bounds one address only, so it cannot keep the owner out from elsewhere.
      config: perIpLimit,
      preHandler: challengeGate(app, {
        alsoWhen: (request) => {
          const body = request.body as { email?: unknown };
          const step =
            typeof body.email === 'string' ? { email: body.email } : { token: staffTokenOf(request)?.token };
          return staffSignInNeedsChallenge(app.db, step, request.ip);
        },
      }),
      schema: {
        tags: ['admin'],
        summary:
          'Sign in to the console: `{email, password}`, then `{code}` or `{recoveryCode}` on that session',
        body: StaffSignInBodySchema,
        response: { 200: StaffSignInReplySchema, ...errorReplies(400, 401, 403, 428, 429) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if ('email' in body) {
        const { token } = await startStaffSignIn(app.db, body, origin(request), signInOptions);
        app.setStaffCookie(request, reply, token);
        return { next: 'code' as const };
      }
      const carried = staffTokenOf(request);
      if (carried?.via === 'cookie') assertSameSite(request);
      const { staff, token } = await completeStaffSignIn(
        app.db,
        carried?.token,
        body,
        origin(request),
        secrets,
        signInOptions,
      );
      if (carried?.via === 'cookie') app.setStaffCookie(request, reply, token);
      return { next: 'done' as const, staff };
    },
  );

  app.get(
    '/session',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'The signed-in member of staff',
        response: { 200: StaffSessionReplySchema, ...errorReplies(401) },
      },
    },
    async (request) => {
      const { staffId: id, email, name, role } = currentStaff(request);
      return { staff: { id, email, name, role } };
    },
  );

  app.delete(
    '/session',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign out of the console (a pending sign-in too)',
        response: { 200: MessageReplySchema, ...errorReplies(401, 403) },
      },
    },
    async (request, reply) => {
      const carried = staffTokenOf(request);
      const session = carried ? await findLiveStaffSession(app.db, carried.token) : undefined;
      if (!session) throw new AppError('unauthorized', staffMessages.signInFirst);
      if (carried?.via === 'cookie') assertSameSite(request);
      await revokeStaffSession(app.db, session.sessionId);
      app.clearStaffCookie(request, reply);
      return { status: 'success' as const, message: staffConsoleMessages.signedOut };
    },
  );

  app.get(
    '/setup/:token',
    {
      config: perIpLimit,
      schema: {
        tags: ['admin'],
        summary: 'What a set-up link opens: the authenticator secret and its QR code',
        params: SetupParamsSchema,
        response: { 200: StaffSetupInfoSchema, ...errorReplies(404) },
      },
    },
    async (request) => setupInfo(app.db, request.params.token, secrets),
  );

  app.post(
    '/setup/:token',
    {
      config: perIpLimit,
      schema: {
        tags: ['admin'],
        summary: 'Finish set-up: password and one authenticator code; answers the 10 recovery codes, once',
        params: SetupParamsSchema,
        body: StaffSetupBodySchema,
        response: { 200: StaffSetupReplySchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => completeSetup(app.db, request.params.token, request.body, request.ip, secrets),
  );

  app.get(
    '/staff',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'Every member of staff (owner only)',
        response: { 200: StaffListReplySchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ staff: await listStaff(app.db) }),
  );

  app.post(
    '/staff',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'Invite a member of staff: their set-up link goes by e-mail (owner only)',
        body: InviteStaffBodySchema,
        response: { 201: StaffMemberReplySchema, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentStaff(request);
      const member = await inviteStaff(
        { db: app.db, notifier: app.notifier, publicUrl: app.config.publicUrl },
        request.body,
        { staffId: actor.staffId, name: actor.name, ipAddress: request.ip },
      );
      return reply.code(201).send({ message: staffConsoleMessages.invited, staff: member });
    },
  );

  app.patch(
    '/staff/:staffId',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: "Change a member's role (owner only; not one's own)",
        params: StaffParamsSchema,
        body: ChangeRoleBodySchema,
        response: { 200: StaffMemberReplySchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = { staffId: currentStaff(request).staffId, ipAddress: request.ip };
      const member = await changeStaffRole(app.db, request.params.staffId, request.body.role, actor);
      return { message: staffConsoleMessages.roleChanged, staff: member };
    },
  );

  app.post(
    '/staff/:staffId/disable',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'Disable a member of staff and end their sessions (owner only; not oneself)',
        params: StaffParamsSchema,
        response: { 200: StaffMemberReplySchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = { staffId: currentStaff(request).staffId, ipAddress: request.ip };
      const member = await disableStaff(app.db, request.params.staffId, actor);
      return { message: staffConsoleMessages.disabled, staff: member };
    },
  );
};

export default staffRoutes;
