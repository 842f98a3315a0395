import { asc, isNull } from 'drizzle-orm';
import { remittanceMismatchText } from '../../../contracts/cod-money';
import { attentionReasonText } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { orderAttention } from '../../db/schema';
import { uncheckedStrayLines } from '../cod-money/cod-overview';
import { orderNumberOf } from '../orders/order-view';
import { listOpenSecurityAlerts } from '../security-alerts/security-alerts';

// docs/product.md#needs-attention: the open flags the lifecycle and the sweeps raised, and the
// open security alerts, oldest first.

export async function openAttentionItems(db: Database) {
  const [flags, alerts, strayLines] = await Promise.all([
    db
      .select()
      .from(orderAttention)
      .where(isNull(orderAttention.resolvedAt))
      .orderBy(asc(orderAttention.createdAt)),
    listOpenSecurityAlerts(db),
    uncheckedStrayLines(db),
  ]);
  const items = [
    ...flags.map((flag) => ({
      kind: 'order' as const,
      reason: flag.reason,
      detail: attentionReasonText[flag.reason],
      orderId: flag.orderId,
      orderNumber: orderNumberOf(flag.orderId),
      since: flag.createdAt.toISOString(),
    })),
    ...alerts.map((alert) => ({
      kind: 'security' as const,
      reason: alert.kind,
      detail: alert.detail,
      orderId: null,
      orderNumber: null,
      since: alert.raisedAt.toISOString(),
    })),
    // docs/product.md#cod-remittances: a remitted parcel no COD order of ours carries a flag for.
    ...strayLines.map(({ line, reference }) => ({
      kind: 'remittance' as const,
      reason: 'cod_remittance_mismatch',
      detail: `Remittance ${reference}, AWB ${line.awb}: ${remittanceMismatchText[line.mismatch ?? 'unknown_order']}`,
      orderId: null,
      orderNumber: null,
      since: line.createdAt.toISOString(),
    })),
  ];
  return items.sort((a, b) => a.since.localeCompare(b.since));
}
