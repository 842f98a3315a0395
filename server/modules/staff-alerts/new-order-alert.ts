import { CONSOLE_ALERTS_PATH, consoleOrderPath, type PushPayload } from '../../../contracts/staff-alerts';
import type { Database } from '../../db/client';
import type { Notifier } from '../notifications/notifier';
import { deliverEach, deliverOnce } from './alert-deliveries';
import { consoleUrl, istDateTimeText, itemText, paiseText, placeText } from './alert-format';
import { staffWhoChose } from './alert-recipients';
import { type PaidOrderSummary, paidOrderSummary } from './order-summaries';
import type { PushSender } from './push-sender';
import { pushToDevices } from './push-to-devices';

export interface AlertDeps {
  db: Database;
  notifier: Pick<Notifier, 'email'>;
  /** Null while push is off (docs/operations.md#alerts); tests pass their own. */
  push: PushSender | null;
  publicUrl: string;
}

/** docs/product.md#staff-alerts: the e-mail a member who chose "each order" gets. */
export function newOrderEmail(order: PaidOrderSummary, publicUrl: string) {
  return {
    subject: `New order ${order.number}: ${paiseText(order.totalPaise)}`,
    text: [
      order.cashOnDelivery
        ? `Order ${order.number} was confirmed on ${istDateTimeText(order.paidAt)}, to be paid in cash on delivery.`
        : `Order ${order.number} was paid on ${istDateTimeText(order.paidAt)}.`,
      '',
      `${order.cashOnDelivery ? 'To collect on delivery' : 'Amount paid'}: ${paiseText(order.totalPaise)}`,
      'Items:',
      ...order.items.map((item) => `- ${itemText(item)}: ${paiseText(item.lineTotalPaise)}`),
      `Delivery to: ${placeText(order)}`,
      '',
      `Open the order: ${consoleUrl(publicUrl, consoleOrderPath(order.orderId))}`,
      '',
      `You get an e-mail for each order. To change that, open Alerts in the console: ${consoleUrl(publicUrl, CONSOLE_ALERTS_PATH)}`,
    ].join('\n'),
  };
}

/** The notification a device that asked for them shows. */
export function newOrderPush(order: PaidOrderSummary): PushPayload {
  const items = order.items.map(itemText).join(', ');
  return {
    title: `New order ${order.number}: ${paiseText(order.totalPaise)}`,
    body: [items, placeText(order)].filter(Boolean).join(' · '),
    url: consoleOrderPath(order.orderId),
    tag: `order-${order.orderId}`,
  };
}

/**
 * The `staff.new-order` job: an order was paid. Each member who chose "each order" gets one e-mail and each
 * device that asked gets one notification, however often the job runs.
 */
export async function sendNewOrderAlerts(deps: AlertDeps, job: { orderId: string }): Promise<void> {
  const { db, notifier, push } = deps;
  const order = await paidOrderSummary(db, job.orderId);
  if (!order) return;
  const email = newOrderEmail(order, deps.publicUrl);
  const recipients = await staffWhoChose(db, 'each_order');
  const sends: (() => Promise<unknown>)[] = recipients.map(
    (member) => () =>
      deliverOnce(db, { kind: 'order_email', subject: order.orderId, recipient: member.id }, () =>
        notifier.email({ to: member.email, ...email }),
      ),
  );
  if (push) {
    sends.push(() =>
      pushToDevices(db, push, { kind: 'order_push', subject: order.orderId }, newOrderPush(order)),
    );
  }
  await deliverEach(sends, (send) => send());
}
