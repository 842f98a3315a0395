import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminActionReplySchema, adminOrderMessages } from '../../../contracts/admin-orders';
import {
  CodConfirmedSchema,
  CodEligibilitySchema,
  CodSettingsBodySchema,
  CodSettingsReplySchema,
  ConfirmCodLinkBodySchema,
  ConfirmCodOrderBodySchema,
  codSettingsMessages,
  PlaceCodOrderBodySchema,
  PlacedCodOrderSchema,
  ResendCodOtpBodySchema,
} from '../../../contracts/cod';
import { errorReplies } from '../../../contracts/http';
import { AppError } from '../../errors';
import {
  type CodDeps,
  codEligibilityFor,
  confirmCodByLink,
  confirmCodByOtp,
  confirmCodByStaff,
  placeCodOrder,
  resendCodOtp,
} from '../../flows/cod-orders';
import { currentUserId } from '../../plugins/authentication';
import { staffActorOf } from '../../plugins/staff-authentication';
import { findAdminOrder } from '../admin-orders/order-detail';
import { codSettingsView, updateCodSettings } from './cod-settings';

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
  };
}

// Guessing an order's OTP is also limited by the OTP's own attempts; this keeps the calls themselves few.
const perIpLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

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
      schema: {
        tags: ['cod'],
        summary: "Whether the shopper's cart and address may be paid cash on delivery, each refusal with why",
        response: { 200: CodEligibilitySchema, ...errorReplies(400, 401, 403, 409) },
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
        summary: 'PLACE ORDER with cash on delivery: checked again, stored awaiting confirmation, OTP sent',
        body: PlaceCodOrderBodySchema,
        response: { 200: PlacedCodOrderSchema, ...errorReplies(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      placeCodOrder(codDeps(app), currentUserId(request), request.body.expectedAmountPaise, request.ip),
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
        summary: 'Another OTP for a COD order awaiting confirmation (the OTP limits apply)',
        body: ResendCodOtpBodySchema,
        response: { 200: PlacedCodOrderSchema, ...errorReplies(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => resendCodOtp(codDeps(app), currentUserId(request), request.body.orderId, request.ip),
  );
};

export default codRoutes;

/** docs/product.md#cash-on-delivery: the console's COD settings (owners change them) and confirm after a call. */
export const adminCodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cod-settings',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'The cash-on-delivery settings',
        response: { 200: CodSettingsReplySchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ settings: await codSettingsView(app.db) }),
  );

  app.put(
    '/cod-settings',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'Replace the cash-on-delivery settings (owner; audited)',
        body: CodSettingsBodySchema,
        response: { 200: CodSettingsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      await updateCodSettings(app.db, request.body, staffActorOf(request));
      return { message: codSettingsMessages.saved, settings: await codSettingsView(app.db) };
    },
  );

  app.post(
    '/orders/:id/cod-confirm',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'Confirm a COD order awaiting confirmation after a call with the shopper (audited)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: AdminActionReplySchema, ...errorReplies(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const deps = { db: app.db, jobs: app.jobs };
      const { message } = await confirmCodByStaff(deps, request.params.id, staffActorOf(request));
      const order = await findAdminOrder(app.db, request.params.id, app.config.publicUrl);
      if (!order) throw new AppError('not_found', adminOrderMessages.orderNotFound);
      return { message, order };
    },
  );
};
