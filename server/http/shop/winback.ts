import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import { notifyMeMessages } from '../../../contracts/notify-me-rules';
import {
  NotifyMeBodySchema,
  NotifyMeReplySchema,
  ReminderPreferenceSchema,
  ReminderTokenBodySchema,
  ResumeCheckoutReplySchema,
  winbackMessages,
} from '../../../contracts/winback';
import { AppError } from '../../errors';
import { askToBeNotified, cancelNotifyMe, notifyMeState } from '../../modules/winback/back-in-stock';
import {
  optInToReminders,
  optOutOfReminders,
  reminderOfToken,
  remindersOptedOut,
} from '../../modules/winback/checkout-reminders';
import { resumeCheckout } from '../../modules/winback/resume-checkout';
import { currentUserId } from '../authentication';

// docs/product.md#winback: a reminder's links (back to checkout, opt out), the profile's switch, and "Notify me".

/** Notify-me taps, and a shopper's reminder actions, counted per shopper after the session is checked. */
export const NOTIFY_ME_WRITES_PER_HOUR = 30;
const perShopper = (max: number, timeWindow: number) => ({
  rateLimit: {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `winback:${request.auth?.userId ?? request.ip}`,
  },
});
/** The opt-out link needs no sign-in: counted per address, as the COD link is. */
const perIp = { rateLimit: { max: 30, timeWindow: 60_000 } };

const ProductParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const MessageReplySchema = z.object({ message: z.string() });

const winbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/checkout-reminders/resume',
    {
      preValidation: app.requireUser,
      config: perShopper(30, 60_000),
      schema: {
        tags: ['winback'],
        summary: 'Follow a checkout reminder’s link: the checkout’s cart and code, back in the cart',
        body: ReminderTokenBodySchema,
        response: { 200: ResumeCheckoutReplySchema, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request) => resumeCheckout(app.db, currentUserId(request), request.body.token),
  );

  app.post(
    '/checkout-reminders/opt-out',
    {
      config: perIp,
      schema: {
        tags: ['winback'],
        summary: 'No more checkout reminders, from a reminder’s link (no sign-in)',
        body: ReminderTokenBodySchema,
        response: { 200: MessageReplySchema, ...errorReplies(400, 404, 429) },
      },
    },
    async (request) => {
      const reminder = await reminderOfToken(app.db, request.body.token);
      if (!reminder) throw new AppError('not_found', winbackMessages.linkInvalid);
      await optOutOfReminders(app.db, reminder.userId);
      return { message: winbackMessages.optedOut };
    },
  );

  app.get(
    '/account/reminders',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['winback'],
        summary: 'Whether the signed-in shopper gets checkout reminders',
        response: { 200: ReminderPreferenceSchema, ...errorReplies(401) },
      },
    },
    async (request) => ({ optedOut: await remindersOptedOut(app.db, currentUserId(request)) }),
  );

  app.put(
    '/account/reminders',
    {
      preValidation: app.requireUser,
      config: perShopper(30, 60_000),
      schema: {
        tags: ['winback'],
        summary: 'Turn checkout reminders off (or on again)',
        body: ReminderPreferenceSchema,
        response: {
          200: ReminderPreferenceSchema.extend({ message: z.string() }),
          ...errorReplies(400, 401, 429),
        },
      },
    },
    async (request) => {
      const userId = currentUserId(request);
      if (request.body.optedOut) await optOutOfReminders(app.db, userId);
      else await optInToReminders(app.db, userId);
      return {
        optedOut: request.body.optedOut,
        message: request.body.optedOut ? winbackMessages.optedOut : winbackMessages.optedIn,
      };
    },
  );

  app.get(
    '/products/:id/notify-me',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['winback'],
        summary: 'Whether the signed-in shopper is on the product’s back-in-stock list',
        params: ProductParamsSchema,
        response: { 200: NotifyMeReplySchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => notifyMeState(app.db, currentUserId(request), request.params.id),
  );

  app.post(
    '/products/:id/notify-me',
    {
      preValidation: app.requireUser,
      config: perShopper(NOTIFY_ME_WRITES_PER_HOUR, 3600_000),
      schema: {
        tags: ['winback'],
        summary: 'Notify me when the product is back in stock (once per product)',
        params: ProductParamsSchema,
        body: NotifyMeBodySchema,
        response: { 200: NotifyMeReplySchema, ...errorReplies(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request) =>
      askToBeNotified(
        app.db,
        currentUserId(request),
        request.params.id,
        request.body.channel,
        app.whatsapp !== undefined,
      ),
  );

  app.delete(
    '/products/:id/notify-me',
    {
      preValidation: app.requireUser,
      config: perShopper(NOTIFY_ME_WRITES_PER_HOUR, 3600_000),
      schema: {
        tags: ['winback'],
        summary: 'Leave the product’s back-in-stock list',
        params: ProductParamsSchema,
        response: { 200: NotifyMeReplySchema, ...errorReplies(400, 401, 429) },
      },
    },
    async (request) => {
      await cancelNotifyMe(app.db, currentUserId(request), request.params.id);
      return { waiting: false, channel: null, message: notifyMeMessages.notifyCancelled };
    },
  );
};

export default winbackRoutes;
