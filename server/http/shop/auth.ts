import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  CodeLoginBodySchema,
  PasswordResetBodySchema,
  SendOtpRequestSchema,
} from '../../../contracts/account';
import {
  AuthReplySchema,
  authMessages,
  GoogleBodySchema,
  LoginBodySchema,
  OtpSentReplySchema,
  OtpVerifiedReplySchema,
  ProfileReplySchema,
  ProfileUpdateSchema,
  SignupBodySchema,
  type User,
  VerifyOtpBodySchema,
} from '../../../contracts/auth';
import { errorReplies } from '../../../contracts/http';
import { messages } from '../../../contracts/messages';
import {
  FirstPasswordBodySchema,
  PhoneSignupBodySchema,
  PhoneVerifyBodySchema,
  PhoneVerifyReplySchema,
  phoneSignInMessages,
} from '../../../contracts/phone-sign-in';
import { AppError } from '../../errors';
import { logInWithCode, resetPasswordWithCode } from '../../modules/auth/code-login-service';
import { setFirstPassword } from '../../modules/auth/first-password';
import { signInWithGoogle } from '../../modules/auth/google-service';
import { createGoogleVerifier } from '../../modules/auth/google-verifier';
import { type LoginInput, logIn, loginNeedsChallenge } from '../../modules/auth/login-service';
import { sendOtp, verifyOtp } from '../../modules/auth/otp-service';
import { signUpByPhone, verifyPhone } from '../../modules/auth/phone-sign-in-service';
import { getProfile, updateProfile } from '../../modules/auth/profile-service';
import { revokeSession } from '../../modules/auth/sessions';
import { signUp } from '../../modules/auth/signup-service';
import { challengeGate } from '../../modules/challenge/gate';
import { BROWSER_APP_HEADER, currentUserId } from '../authentication';

const errors = errorReplies(400, 401, 403, 409, 428, 429);
const FIFTEEN_MINUTES = 15 * 60 * 1000;

function originOf(request: FastifyRequest) {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] };
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: FIFTEEN_MINUTES } };
  const smsGuard = { limits: app.config.otpSms, log: app.log };
  const googleVerifier = createGoogleVerifier(
    app.googleSimulator
      ? { clientId: app.googleSimulator.clientId, keys: app.googleSimulator.keys }
      : { clientId: app.config.google.clientId ?? '' },
  );

  /**
   * The browser app (it sends the custom header) gets the session as an HttpOnly cookie and never sees the
   * token; any other client gets the token in the body, to send as a Bearer header (docs/product.md#http-api).
   */
  function replyWithSession(
    request: FastifyRequest,
    reply: FastifyReply,
    result: { user: User; token: string },
    message: string,
    status = 200,
  ) {
    const browserApp = Boolean(request.headers[BROWSER_APP_HEADER]);
    if (browserApp) app.setSessionCookie(reply, result.token);
    return reply.code(status).send({
      status: 'success' as const,
      message,
      user: result.user,
      ...(browserApp ? {} : { token: result.token }),
    });
  }

  app.post(
    '/send-otp',
    {
      config: perIpLimit,
      preHandler: challengeGate(app),
      schema: {
        tags: ['auth'],
        summary:
          'Send a 6-digit code to an e-mail or a mobile, for signup, login or reset (docs/product.md#http-api)',
        body: SendOtpRequestSchema,
        response: { 200: OtpSentReplySchema, ...errors, ...errorReplies(503) },
      },
    },
    async (request) => {
      const { purpose, ...target } = request.body;
      const { message } = await sendOtp(app.db, app.notifier, target, request.ip, smsGuard, {
        purpose,
        resendIntervalMs: app.config.otpResendIntervalMs,
      });
      return { status: 'success' as const, message };
    },
  );

  app.post(
    '/login/code',
    {
      config: perIpLimit,
      preHandler: challengeGate(app),
      schema: {
        tags: ['auth'],
        summary: 'Log in with a code sent for login: {email, otp} or {mobile, otp}',
        body: CodeLoginBodySchema,
        response: { 200: AuthReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await logInWithCode(app.db, request.body, originOf(request));
      return replyWithSession(request, reply, result, authMessages.loginSuccess);
    },
  );

  app.post(
    '/phone/verify',
    {
      config: perIpLimit,
      preHandler: challengeGate(app),
      schema: {
        tags: ['auth'],
        summary:
          'One-step sign-in: {mobile, otp} signs in the account of the number, or gives the ticket that creates one (docs/product.md#one-step-sign-in)',
        body: PhoneVerifyBodySchema,
        response: { 200: PhoneVerifyReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await verifyPhone(app.db, request.body, originOf(request));
      if (result.newAccount) {
        return {
          status: 'success' as const,
          message: phoneSignInMessages.nameNeeded,
          newAccount: true as const,
          verificationToken: result.verificationToken,
        };
      }
      return replyWithSession(request, reply, result, authMessages.loginSuccess);
    },
  );

  app.post(
    '/phone/signup',
    {
      config: perIpLimit,
      preHandler: challengeGate(app),
      schema: {
        tags: ['auth'],
        summary:
          'One-step sign-in: the ticket of a verified number and a first name create the account, without a password, and sign in',
        body: PhoneSignupBodySchema,
        response: { 200: AuthReplySchema, 201: AuthReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, ...result } = await signUpByPhone(app.db, request.body, originOf(request));
      return created
        ? replyWithSession(request, reply, result, phoneSignInMessages.accountCreated, 201)
        : replyWithSession(request, reply, result, authMessages.loginSuccess);
    },
  );

  app.post(
    '/password/reset',
    {
      config: perIpLimit,
      preHandler: challengeGate(app),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a code sent for reset; signs out every other device',
        body: PasswordResetBodySchema,
        response: { 200: AuthReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await resetPasswordWithCode(app.db, request.body, originOf(request));
      return replyWithSession(request, reply, result, accountMessages.passwordReset);
    },
  );

  app.post(
    '/verify-otp',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Check a code; a right one gives the single-use ticket signup requires',
        body: VerifyOtpBodySchema,
        response: { 200: OtpVerifiedReplySchema, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, ...(await verifyOtp(app.db, request.body)) }),
  );

  app.post(
    '/signup',
    {
      config: perIpLimit,
      preHandler: challengeGate(app),
      schema: {
        tags: ['auth'],
        summary: 'Create an account for a verified e-mail or mobile, and sign in',
        body: SignupBodySchema,
        response: { 201: AuthReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await signUp(app.db, request.body, originOf(request));
      return replyWithSession(request, reply, result, 'Signup successful', 201);
    },
  );

  app.post(
    '/login',
    {
      config: perIpLimit,
      preHandler: challengeGate(app, {
        alsoWhen: (request) => loginNeedsChallenge(app.db, request.body as LoginInput, request.ip),
      }),
      schema: {
        tags: ['auth'],
        summary: 'Log in with {email, password} or {mobile, password}',
        body: LoginBodySchema,
        response: { 200: AuthReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await logIn(app.db, request.body, originOf(request), {
        delayScale: app.config.loginFailureDelayScale,
      });
      return replyWithSession(request, reply, result, authMessages.loginSuccess);
    },
  );

  app.post(
    '/google',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token (`credential`)',
        body: GoogleBodySchema,
        response: { 200: AuthReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await signInWithGoogle(
        app.db,
        googleVerifier,
        request.body.credential,
        originOf(request),
      );
      return replyWithSession(request, reply, result, authMessages.loginSuccess);
    },
  );

  app.post(
    '/password',
    {
      config: perIpLimit,
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'The first password of an account without one, within 15 minutes of signing in (docs/product.md#one-step-sign-in)',
        body: FirstPasswordBodySchema,
        response: { 200: AuthReplySchema, ...errors },
      },
    },
    async (request) => {
      if (!request.auth) throw new AppError('unauthorized', messages.unauthorized);
      const user = await setFirstPassword(app.db, request.auth, request.body.password);
      return { status: 'success' as const, message: phoneSignInMessages.passwordSet, user };
    },
  );

  app.post(
    '/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        response: {
          200: z.object({ status: z.literal('success'), message: z.string() }),
          ...errorReplies(401),
        },
      },
    },
    async (request, reply) => {
      if (request.auth) await revokeSession(app.db, request.auth.sessionId);
      app.clearSessionCookie(reply);
      return { status: 'success' as const, message: authMessages.loggedOut };
    },
  );

  const profileSchema = {
    tags: ['auth'],
    response: { 200: ProfileReplySchema, ...errors },
  };

  async function profileReply(userId: string) {
    const user = await getProfile(app.db, userId);
    return { ...user, user };
  }

  app.get(
    '/profile',
    {
      preHandler: app.requireUser,
      schema: { ...profileSchema, summary: "The signed-in user's profile, flat and under `user`" },
    },
    async (request) => profileReply(currentUserId(request)),
  );

  app.get(
    '/profile/refresh',
    { preHandler: app.requireUser, schema: { ...profileSchema, summary: 'The profile, read afresh' } },
    async (request) => profileReply(currentUserId(request)),
  );

  app.put(
    '/profile',
    {
      preHandler: app.requireUser,
      schema: {
        ...profileSchema,
        summary: 'Update some profile fields (e-mail is read-only)',
        body: ProfileUpdateSchema,
      },
    },
    async (request) => {
      const user = await updateProfile(app.db, currentUserId(request), request.body);
      return { ...user, user };
    },
  );
};

export default authRoutes;
