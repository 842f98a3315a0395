import { inIndia } from '../../../contracts/format';
import {
  CONSOLE_ALERTS_PATH,
  consoleOrderPath,
  DAILY_DIGEST_HOUR_IST,
} from '../../../contracts/staff-alerts';
import type { Database } from '../../db/client';
import { openAttentionItems } from '../admin-orders/attention';
import type { Notifier } from '../notifications/notifier';
import { deliverEach, deliverOnce } from './alert-deliveries';
import {
  consoleUrl,
  dayText,
  istDateTimeText,
  istTimeText,
  itemText,
  paiseText,
  placeText,
} from './alert-format';
import { staffWhoChose } from './alert-recipients';
import { ordersPaidOnIstDay, type PaidOrderSummary } from './order-summaries';

const DAY_MS = 24 * 60 * 60_000;

/** The IST day ("2026-05-09") whose orders the digest sent at `now` reports, or undefined before 9:00 am IST. */
export function digestDayAt(now: Date): string | undefined {
  const ist = inIndia(now);
  if (ist.getUTCHours() < DAILY_DIGEST_HOUR_IST) return undefined;
  return new Date(ist.getTime() - DAY_MS).toISOString().slice(0, 10);
}

type AttentionItem = Awaited<ReturnType<typeof openAttentionItems>>[number];

function orderLines(order: PaidOrderSummary, publicUrl: string): string[] {
  const cancelled = order.status === 'cancelled' ? ' (since cancelled)' : '';
  return [
    `${order.number}, ${istTimeText(order.paidAt)}: ${paiseText(order.totalPaise)}${cancelled}, to ${placeText(order)}`,
    `  ${order.items.map(itemText).join(', ')}`,
    `  ${consoleUrl(publicUrl, consoleOrderPath(order.orderId))}`,
  ];
}

function attentionLines(item: AttentionItem, publicUrl: string): string[] {
  const since = `since ${istDateTimeText(new Date(item.since))}`;
  if (item.kind === 'order' && item.orderId) {
    return [
      `- Order ${item.orderNumber}: ${item.detail} (${since})`,
      `  ${consoleUrl(publicUrl, consoleOrderPath(item.orderId))}`,
    ];
  }
  return [`- ${item.detail} (${since})`];
}

/** docs/product.md#staff-alerts: yesterday's paid orders with their total, and what needs attention now. */
export function dailyDigestEmail(
  digest: { day: string; orders: PaidOrderSummary[]; attention: AttentionItem[] },
  publicUrl: string,
) {
  const { day, orders, attention } = digest;
  const totalPaise = orders.reduce((sum, order) => sum + order.totalPaise, 0);
  const count = `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}`;
  return {
    subject: `Orders on ${dayText(day)}: ${count}, ${paiseText(totalPaise)}`,
    text: [
      [`Orders paid on ${dayText(day)} (IST): ${orders.length}`, `Total paid: ${paiseText(totalPaise)}`],
      ...(orders.length === 0
        ? [['No orders were paid that day.']]
        : orders.map((order) => orderLines(order, publicUrl))),
      attention.length === 0
        ? ['Nothing needs attention.']
        : [
            `Needs attention (${attention.length}):`,
            ...attention.flatMap((item) => attentionLines(item, publicUrl)),
          ],
      [
        `Open the console: ${consoleUrl(publicUrl, '/admin')}`,
        `You get this digest every morning. To change that, open Alerts in the console: ${consoleUrl(publicUrl, CONSOLE_ALERTS_PATH)}`,
      ],
    ]
      .map((lines) => lines.join('\n'))
      .join('\n\n'),
  };
}

/**
 * The `staff.daily-digest` job, run every hour: from 9:00 am IST each member who chose the digest gets the
 * day before's, once (the delivery key is the day), even with several processes, and late if the shop was down
 * at nine. Returns how many were sent.
 */
export async function sendDailyDigests(
  deps: { db: Database; notifier: Pick<Notifier, 'email'>; publicUrl: string },
  now: Date,
): Promise<number> {
  const day = digestDayAt(now);
  if (!day) return 0;
  const { db, notifier } = deps;
  const recipients = await staffWhoChose(db, 'daily_digest');
  if (recipients.length === 0) return 0;
  const [orders, attention] = await Promise.all([ordersPaidOnIstDay(db, day), openAttentionItems(db)]);
  const email = dailyDigestEmail({ day, orders, attention }, deps.publicUrl);
  let sent = 0;
  await deliverEach(recipients, async (member) => {
    const delivery = { kind: 'daily_digest' as const, subject: day, recipient: member.id };
    if (await deliverOnce(db, delivery, () => notifier.email({ to: member.email, ...email }))) sent += 1;
  });
  return sent;
}
