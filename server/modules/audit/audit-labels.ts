import { eq, inArray } from 'drizzle-orm';
import { returnNumberOf } from '../../../contracts/returns';
import type { Database } from '../../db/client';
import {
  codRemittanceLines,
  codRemittances,
  contactMessages,
  coupons,
  products,
  staff,
  users,
} from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { orderNumberOf } from '../orders/order-view';

// docs/product.md#staff: the audit log names each record as people name it (an order's OM number, a return's
// RT- number, a remittance's UTR, a complaint's GRV- number, a code, a title, a name), not by its UUID.

interface Named {
  entityType: string;
  entityId: string;
}

const SETTINGS_NAMES: Record<string, string> = {
  shop_settings: 'Shop settings',
  cod_settings: 'Cash on delivery settings',
  prepaid_offer_settings: 'Prepaid offer',
  cod_risk_settings: 'COD risk rules',
  return_settings: 'Return settings',
  review_settings: 'Review settings',
};

function idsOf(entries: Named[], type: string, numeric = false): string[] {
  const ids = entries.filter((entry) => entry.entityType === type).map((entry) => entry.entityId);
  return [...new Set(ids.filter((id) => (numeric ? /^\d{1,9}$/.test(id) : isUuid(id))))];
}

/** Each named record's label, keyed `type:id`; a record with no human name (a staff session) has none. */
export async function auditRecordLabels(db: Database, entries: Named[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const put = (type: string, id: string | number, label: string) => labels.set(`${type}:${id}`, label);
  for (const entry of entries) {
    if (entry.entityType === 'order' && isUuid(entry.entityId)) {
      put('order', entry.entityId, orderNumberOf(entry.entityId));
    }
    if (entry.entityType === 'return' && isUuid(entry.entityId)) {
      put('return', entry.entityId, returnNumberOf(entry.entityId));
    }
    const settings = SETTINGS_NAMES[entry.entityType];
    if (settings) put(entry.entityType, entry.entityId, settings);
  }
  const lineIds = idsOf(entries, 'cod_remittance_line');
  const importIds = idsOf(entries, 'cod_remittance_import');
  const messageIds = idsOf(entries, 'contact_message');
  const customerIds = idsOf(entries, 'customer');
  const staffIds = idsOf(entries, 'staff');
  const couponIds = idsOf(entries, 'coupon', true).map(Number);
  const productIds = idsOf(entries, 'product', true).map(Number);
  const [lines, remittances, messages, customers, members, codes, titles] = await Promise.all([
    lineIds.length === 0
      ? []
      : db
          .select({ id: codRemittanceLines.id, line: codRemittanceLines.line, utr: codRemittances.utr })
          .from(codRemittanceLines)
          .innerJoin(codRemittances, eq(codRemittances.id, codRemittanceLines.remittanceId))
          .where(inArray(codRemittanceLines.id, lineIds)),
    importIds.length === 0
      ? []
      : db
          .select({ importId: codRemittances.importId, utr: codRemittances.utr })
          .from(codRemittances)
          .where(inArray(codRemittances.importId, importIds))
          .orderBy(codRemittances.utr),
    messageIds.length === 0
      ? []
      : db
          .select({
            id: contactMessages.id,
            number: contactMessages.complaintNumber,
            name: contactMessages.name,
          })
          .from(contactMessages)
          .where(inArray(contactMessages.id, messageIds)),
    customerIds.length === 0
      ? []
      : db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            phone: users.phone,
          })
          .from(users)
          .where(inArray(users.id, customerIds)),
    staffIds.length === 0
      ? []
      : db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds)),
    couponIds.length === 0
      ? []
      : db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, couponIds)),
    productIds.length === 0
      ? []
      : db
          .select({ id: products.id, title: products.title })
          .from(products)
          .where(inArray(products.id, productIds)),
  ]);
  for (const row of lines) put('cod_remittance_line', row.id, `UTR ${row.utr}, line ${row.line}`);
  for (const id of importIds) {
    const utrs = remittances.filter((row) => row.importId === id).map((row) => row.utr);
    put(
      'cod_remittance_import',
      id,
      utrs.length > 0 ? `Remittance file, UTR ${utrs.join(', ')}` : 'Remittance file',
    );
  }
  for (const row of messages) put('contact_message', row.id, row.number ?? `Message from ${row.name}`);
  for (const row of customers) {
    const name = `${row.firstName} ${row.lastName}`.trim();
    put('customer', row.id, [name, row.phone, row.email].filter(Boolean).join(', ') || 'Shopper');
  }
  for (const row of members) put('staff', row.id, row.name);
  for (const row of codes) put('coupon', row.id, row.code);
  for (const row of titles) put('product', row.id, row.title);
  return labels;
}
