import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CodConfirmedSchema,
  CodEligibilitySchema,
  ConfirmCodLinkBodySchema,
  ConfirmCodOrderBodySchema,
  PlaceCodOrderBodySchema,
  PlacedCodOrderSchema,
  ResendCodOtpBodySchema,
} from '../../../contracts/cod';
import { ELIGIBILITY_CHECKS_PER_MINUTE } from '../../../contracts/cod-risk-rules';
import { errorReplies } from '../../../contracts/http';
import {
  type CodDeps,
  codEligibilityFor,
  confirmCodByLink,
  confirmCodByOtp,
  placeCodOrder,
  resendCodOtp,
} from '../../flows/cod-orders';
import { recordCheckoutConsent } from '../../modules/whatsapp/consent';
import { currentUserId } from '../authentication';

export function codDeps(app: FastifyInstance): CodDeps {
  return {
    db: app.db,
    jobs: app.jobs,
    codServiceability: app.codServiceability,
    delivery: app.deliveryPromises,
    notifier: app.notifier,
    smsGuard: { limits: app.config.otpSms, log: app.log },
    otpResendIntervalMs: app.config.otpResendIntervalMs,
    log: app.log,
    razorpay: app.razorpay,
  };
}

// Guessing an order's OTP is also limited by the OTP's own attempts; this keeps the calls themselves few.
const perIpLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * docs/product.md#cod-risk-rules: checkout asks at each change of the cart, code or address; each ask prices
 * the cart and may note a refusal, so a shopper's asks are counted (after the session is checked).
 */
const perShopperEligibilityLimit = {
  rateLimit: {
    max: ELIGIBILITY_CHECKS_PER_MINUTE,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
  },
};

/** docs/product.md#cash-on-delivery: the confirm link's route, for anyone who has the link (no sign-in). */
export const codLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/confirm-link',
    {
      config: perIpLimit,
      schema: {
        tags: ['cod'],
        summary: 'Confirm a COD order by the link sent by SMS and e-mail (single use; no sign-in needed)',
        body: ConfirmCodLinkBodySchema,
        response: { 200: CodConfirmedSchema, ...errorReplies(400, 404, 409, 429) },
      },
    },
    async (request) => confirmCodByLink(codDeps(app), request.body.token),
  );
};

/** docs/product.md#cash-on-delivery: the signed-in shopper's side of COD, under /api/cod. */
const codRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/eligibility',
    {
      config: perShopperEligibilityLimit,
      schema: {
        tags: ['cod'],
        summary: "Whether the shopper's cart and address may be paid cash on delivery, each refusal with why",
        response: { 200: CodEligibilitySchema, ...errorReplies(400, 401, 403, 409, 429) },
      },
    },
    async (request) => codEligibilityFor(codDeps(app), currentUserId(request)),
  );

  app.post(
    '/place-order',
    {
      config: perIpLimit,
      preHandler: app.requireUser,
      schema: {
        tags: ['cod'],
        summary:
          'PLACE ORDER with cash on delivery: checked again, stored awaiting confirmation, OTP sent (or its advance to pay)',
        body: PlaceCodOrderBodySchema,
        response: { 200: PlacedCodOrderSchema, ...errorReplies(400, 401, 403, 409, 429, 502) },
      },
    },
    async (request) => {
      const userId = currentUserId(request);
      // docs/product.md#whatsapp-consent: recorded first, so the confirmation already goes by WhatsApp.
      if (request.body.whatsappUpdates) await recordCheckoutConsent(app.db, userId);
      return placeCodOrder(codDeps(app), userId, request.body.expectedAmountPaise, request.ip);
    },
  );

  app.post(
    '/confirm',
    {
      config: perIpLimit,
      preHandler: app.requireUser,
      schema: {
        tags: ['cod'],
        summary: "Confirm the shopper's COD order with the OTP sent to its mobile",
        body: ConfirmCodOrderBodySchema,
        response: { 200: CodConfirmedSchema, ...errorReplies(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      confirmCodByOtp(codDeps(app), currentUserId(request), request.body.orderId, request.body.otp),
  );

  app.post(
    '/resend-otp',
    {
      config: perIpLimit,
      preHandler: app.requireUser,
      schema: {
        tags: ['cod'],
        summary:
          'Another OTP for a COD order awaiting confirmation (the OTP limits apply), or the advance it waits for',
        body: ResendCodOtpBodySchema,
        response: { 200: PlacedCodOrderSchema, ...errorReplies(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => resendCodOtp(codDeps(app), currentUserId(request), request.body.orderId, request.ip),
  );
};

export default codRoutes;
