import { eq } from 'drizzle-orm';
import { type AttentionReason, attentionReasonText } from '../../../contracts/orders';
import { consoleOrderPath, type PushPayload } from '../../../contracts/staff-alerts';
import type { Database } from '../../db/client';
import { orderAttention } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';
import type { PushSender } from './push-sender';
import { pushToDevices } from './push-to-devices';

export function attentionPush(flag: { id: string; orderId: string; reason: AttentionReason }) {
  return {
    title: `Order ${orderNumberOf(flag.orderId)} needs attention`,
    body: attentionReasonText[flag.reason],
    url: consoleOrderPath(flag.orderId),
    tag: `attention-${flag.id}`,
  } satisfies PushPayload;
}

/**
 * The `staff.attention` job: a new needs-attention flag (docs/product.md#needs-attention) is pushed once to each
 * device that asked; one settled before the job ran is not.
 */
export async function pushAttentionAlert(
  deps: { db: Database; push: PushSender | null },
  job: { attentionId: string },
): Promise<void> {
  const { db, push } = deps;
  if (!push) return;
  const [flag] = await db.select().from(orderAttention).where(eq(orderAttention.id, job.attentionId));
  if (!flag || flag.resolvedAt) return;
  await pushToDevices(db, push, { kind: 'attention_push', subject: flag.id }, attentionPush(flag));
}
