import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageReplySchema } from '../../../contracts/account';
import { errorReplies } from '../../../contracts/http';
import {
  AlertSettingsReplySchema,
  AlertSettingsSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
  StaffAlertsListSchema,
  staffAlertMessages,
  UpdateAlertSettingsBodySchema,
} from '../../../contracts/staff-alerts';
import { AppError } from '../../errors';
import {
  alertSettingsOf,
  chooseNewOrderEmail,
  staffAlertsList,
} from '../../modules/staff-alerts/alert-settings';
import { removePushSubscription, savePushSubscription } from '../../modules/staff-alerts/push-subscriptions';
import { currentStaff, staffActorOf } from '../staff-authentication';

/** docs/product.md#staff-alerts: each member's own alerts, their devices, and the owner's overview. */
const staffAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const settingsOf = (staffId: string) => alertSettingsOf(app.db, app.webPush, staffId);

  app.get(
    '/alerts',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'Your alerts: new-order e-mails, and the key a browser subscribes to notifications with',
        response: { 200: AlertSettingsSchema, ...errorReplies(401) },
      },
    },
    async (request) => settingsOf(currentStaff(request).staffId),
  );

  app.put(
    '/alerts',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'Choose how you hear of new orders by e-mail: each order, a daily digest, or none',
        body: UpdateAlertSettingsBodySchema,
        response: { 200: AlertSettingsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = staffActorOf(request);
      await chooseNewOrderEmail(app.db, actor, request.body.newOrderEmail);
      return { message: staffAlertMessages.saved, settings: await settingsOf(actor.staffId) };
    },
  );

  app.post(
    '/alerts/push-subscriptions',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'Notify me on this device: store the browser’s push subscription',
        body: PushSubscriptionBodySchema,
        response: { 200: MessageReplySchema, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (request) => {
      // A 409, not a 503: the shop is up, it is only set up without push (docs/operations.md#alerts).
      if (!app.webPush) throw new AppError('conflict', staffAlertMessages.pushUnavailable);
      const { staffId } = currentStaff(request);
      const { body, headers } = request;
      await savePushSubscription(app.db, staffId, body, headers['user-agent'], app.webPush.resolveHost);
      return { status: 'success' as const, message: staffAlertMessages.pushOn };
    },
  );

  app.delete(
    '/alerts/push-subscriptions',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'Stop on this device: forget the browser’s push subscription',
        body: PushUnsubscribeBodySchema,
        response: { 200: MessageReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      await removePushSubscription(app.db, currentStaff(request).staffId, request.body.endpoint);
      return { status: 'success' as const, message: staffAlertMessages.pushOff };
    },
  );

  app.get(
    '/alerts/staff',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'Every member’s alerts, for the Staff page (owner)',
        response: { 200: StaffAlertsListSchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ staff: await staffAlertsList(app.db) }),
  );
};

export default staffAlertRoutes;
