import { z } from 'zod';
import { type StaffRole, StaffRoleSchema } from './staff';

// docs/product.md#staff-alerts: who in the shop is told about new orders, and how.

/** How a member of staff hears of new paid orders by e-mail. */
export const newOrderEmailChoices = ['each_order', 'daily_digest', 'none'] as const;
export type NewOrderEmailChoice = (typeof newOrderEmailChoices)[number];

export const newOrderEmailLabels: Record<NewOrderEmailChoice, string> = {
  each_order: 'An e-mail for each order',
  daily_digest: 'A daily digest at 9:00 am IST',
  none: 'No e-mails',
};

/** Until a member chooses: owners hear of every order, support of none. */
export function defaultNewOrderEmail(role: StaffRole): NewOrderEmailChoice {
  return role === 'owner' ? 'each_order' : 'none';
}

/** The hour of the day, in IST, from which the daily digest of the day before is sent. */
export const DAILY_DIGEST_HOUR_IST = 9;

export const staffAlertMessages = {
  saved: 'Alerts saved.',
  pushOn: 'This device will now show a notification for each new order and each order that needs attention.',
  pushOff: 'This device will no longer show notifications.',
  pushUnavailable: 'Browser notifications are not set up on this shop. Please ask whoever runs the server.',
  pushNotSupported: 'This browser cannot show notifications from the console.',
  pushBlocked:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  pushFailed: 'This device could not be set up for notifications. Please try again.',
  badEndpoint: 'This is not a push subscription a browser makes.',
  notAPushService:
    'Notifications can only go through a browser’s push service (Chrome, Edge, Firefox or Safari). Please turn them on from one of those.',
  deviceOfAnother:
    'This device already shows notifications for another member of staff. They can stop them on the Alerts page first.',
} as const;

export const NewOrderEmailSchema = z.enum(newOrderEmailChoices, {
  error: 'Please choose how you want to hear of new orders.',
});

export const AlertSettingsSchema = z
  .object({
    newOrderEmail: NewOrderEmailSchema,
    push: z.object({
      /** False when the server has no VAPID keys (docs/operations.md#alerts). */
      available: z.boolean(),
      /** The VAPID public key (base64url) a browser subscribes with. */
      publicKey: z.string().nullable(),
    }),
  })
  .meta({ id: 'AlertSettings' });
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

export const UpdateAlertSettingsBodySchema = z.object({ newOrderEmail: NewOrderEmailSchema });
export type UpdateAlertSettingsBody = z.infer<typeof UpdateAlertSettingsBodySchema>;

export const AlertSettingsReplySchema = z.object({ message: z.string(), settings: AlertSettingsSchema });
export type AlertSettingsReply = z.infer<typeof AlertSettingsReplySchema>;

// A push service's address: always https, and long (FCM's are about 200 characters).
const endpoint = z
  .url({ protocol: /^https$/, error: staffAlertMessages.badEndpoint })
  .max(2000, staffAlertMessages.badEndpoint);
const base64url = z
  .string()
  .min(1, staffAlertMessages.badEndpoint)
  .max(200, staffAlertMessages.badEndpoint)
  .regex(/^[A-Za-z0-9_-]+=*$/, staffAlertMessages.badEndpoint);

/** What `PushSubscription.toJSON()` gives, less `expirationTime`, which browsers leave null. */
export const PushSubscriptionBodySchema = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({ endpoint });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>;

/** One member of staff's alerts, as an owner sees them on the Staff page. */
export const StaffAlertsRowSchema = z
  .object({
    staffId: z.string(),
    name: z.string(),
    role: StaffRoleSchema,
    newOrderEmail: NewOrderEmailSchema,
    /** Devices this member turned notifications on for. */
    pushDevices: z.number().int().min(0),
  })
  .meta({ id: 'StaffAlertsRow' });
export type StaffAlertsRow = z.infer<typeof StaffAlertsRowSchema>;

export const StaffAlertsListSchema = z.object({ staff: z.array(StaffAlertsRowSchema) });
export type StaffAlertsList = z.infer<typeof StaffAlertsListSchema>;

/** What a push notification carries to the console's service worker (web/public/admin/push-worker.js). */
export interface PushPayload {
  title: string;
  body: string;
  /** A console path, e.g. /admin/orders/<id>: the notification's click opens it. */
  url: string;
  /** One notification per tag: a repeat replaces, never stacks. */
  tag: string;
}

/** The console's order page, where every alert about an order leads. */
export function consoleOrderPath(orderId: string): string {
  return `/admin/orders/${encodeURIComponent(orderId)}`;
}

/** The console's page where each member of staff chooses their alerts. */
export const CONSOLE_ALERTS_PATH = '/admin/alerts';
