import { formatRupeesExact } from '../../../contracts/format';
import { statusValueText } from '../../../contracts/order-status';
import { type ReturnStatus, returnStatusLabels } from '../../../contracts/returns';

// docs/product.md#staff: the audit log reads "field: before → after" for each field a change touched, not
// JSON. Amounts are kept in paise (fields ending in `Paise`) and shown in rupees; statuses in words
// ("Shipment stage: AWB assigned", not "awb_assigned").

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nested fields flattened to dotted names: `{ refund: { amountPaise: 5000 } }` → `refund.amountPaise`. */
function flatten(value: unknown, prefix = ''): Fields {
  if (!isFields(value)) return prefix ? { [prefix]: value } : {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) =>
      Object.entries(flatten(inner, prefix ? `${prefix}.${key}` : key)),
    ),
  );
}

/** `shipmentStage` → "shipment stage", `refund.amountPaise` → "refund amount". */
function labelOf(name: string): string {
  return name
    .replace(/Paise$/, '')
    .split('.')
    .map((part) =>
      part
        .replace(/Paise$/, '')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .toLowerCase(),
    )
    .join(' ');
}

const STATUS_FIELDS = new Set(['status', 'paymentStatus', 'shipmentStage']);

function statusText(entityType: string, field: string, value: string): string {
  if (entityType === 'return' && field === 'status' && value in returnStatusLabels) {
    return returnStatusLabels[value as ReturnStatus];
  }
  return statusValueText(entityType === 'order' ? 'order' : '', field, value);
}

function show(name: string, value: unknown, entityType = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && name.endsWith('Paise')) return formatRupeesExact(value / 100);
  const field = name.split('.').at(-1) ?? '';
  if (typeof value === 'string' && STATUS_FIELDS.has(field) && /^[a-z_]+$/.test(value)) {
    return statusText(entityType, field, value);
  }
  if (Array.isArray(value)) return value.map((item) => show('', item)).join(', ');
  if (isFields(value)) return JSON.stringify(value);
  return String(value);
}

/** One line per field that differs between before and after, in the order the fields first appear. */
export function describeChanges(before: unknown, after: unknown, entityType = ''): string[] {
  if (!isFields(before) && !isFields(after)) {
    return before === after ? [] : [`${show('', before)} → ${show('', after)}`];
  }
  const was = flatten(before);
  const now = flatten(after);
  const names = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return names
    .filter((name) => JSON.stringify(was[name]) !== JSON.stringify(now[name]))
    .map((name) =>
      name in was
        ? `${labelOf(name)}: ${show(name, was[name], entityType)} → ${show(name, now[name], entityType)}`
        : `${labelOf(name)}: ${show(name, now[name], entityType)}`,
    );
}
