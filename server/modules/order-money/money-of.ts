import type { moneyEntryKinds, moneyEntryMethods, moneyEntryParts } from '../../db/schema/order-money';

// docs/architecture.md#money-record: every view of an order's money is this fold over its entries.

export type MoneyEntryKind = (typeof moneyEntryKinds)[number];
export type MoneyEntryPart = (typeof moneyEntryParts)[number];
export type MoneyEntryMethod = (typeof moneyEntryMethods)[number];

export interface MoneyEntry {
  kind: MoneyEntryKind;
  part: MoneyEntryPart;
  orderItemId: string | null;
  units: number;
  amountPaise: number;
  codeDiscountPaise: number;
  prepaidDiscountPaise: number;
  taxPaise: number;
  method: MoneyEntryMethod | null;
  reference: string | null;
}

/** What one line of the order was charged, refunded and credited. */
export interface LineMoney {
  /** Units owed for: what was charged less what a void took back. */
  units: number;
  /** Units invoiced: what was charged, whatever happened after (the bound of what notes may credit). */
  invoicedUnits: number;
  chargedPaise: number;
  refundedUnits: number;
  refundedPaise: number;
  creditedUnits: number;
  creditedPaise: number;
}

export interface ChargedMoney {
  /** The goods after the code's discount and the prepaid offer. */
  goodsPaise: number;
  codeDiscountPaise: number;
  /** docs/product.md#prepaid-offer: what paying online took off, after the code. */
  prepaidDiscountPaise: number;
  shippingPaise: number;
  codFeePaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface OrderMoney {
  /** What the shopper owes for the order; all zero once it is void (cancelled or returned unpaid). */
  charged: ChargedMoney;
  /** Money received from the shopper, and how. */
  collectedPaise: number;
  collectedVia: 'online' | 'cod_cash' | null;
  /** Money given back to the shopper, each refund or payout once it reached them. */
  refundedPaise: number;
  refunds: { method: MoneyEntryMethod | null; amountPaise: number; reference: string | null }[];
  /** What credit notes took off the invoice. */
  creditedPaise: number;
  /** Received and kept: the order's revenue. */
  netPaise: number;
  /** Per order line (`order_items.id`). */
  lines: Map<string, LineMoney>;
}

const emptyLine = (): LineMoney => ({
  units: 0,
  invoicedUnits: 0,
  chargedPaise: 0,
  refundedUnits: 0,
  refundedPaise: 0,
  creditedUnits: 0,
  creditedPaise: 0,
});

function lineOf(lines: Map<string, LineMoney>, entry: MoneyEntry): LineMoney | undefined {
  if (entry.orderItemId === null) return undefined;
  let line = lines.get(entry.orderItemId);
  if (!line) {
    line = emptyLine();
    lines.set(entry.orderItemId, line);
  }
  return line;
}

function addCharge(charged: ChargedMoney, entry: MoneyEntry, sign: 1 | -1) {
  const amount = sign * entry.amountPaise;
  if (entry.part === 'goods') {
    charged.goodsPaise += amount;
    charged.codeDiscountPaise += sign * entry.codeDiscountPaise;
    charged.prepaidDiscountPaise += sign * entry.prepaidDiscountPaise;
  }
  if (entry.part === 'shipping') charged.shippingPaise += amount;
  if (entry.part === 'cod_fee') charged.codFeePaise += amount;
  charged.taxPaise += sign * entry.taxPaise;
  charged.totalPaise += amount;
}

/** Folds an order's entries, in any order, into its money. */
export function moneyOf(entries: readonly MoneyEntry[]): OrderMoney {
  const money: OrderMoney = {
    charged: {
      goodsPaise: 0,
      codeDiscountPaise: 0,
      prepaidDiscountPaise: 0,
      shippingPaise: 0,
      codFeePaise: 0,
      taxPaise: 0,
      totalPaise: 0,
    },
    collectedPaise: 0,
    collectedVia: null,
    refundedPaise: 0,
    refunds: [],
    creditedPaise: 0,
    netPaise: 0,
    lines: new Map(),
  };
  for (const entry of entries) {
    const line = lineOf(money.lines, entry);
    switch (entry.kind) {
      case 'charge':
        addCharge(money.charged, entry, 1);
        if (line) {
          line.units += entry.units;
          line.invoicedUnits += entry.units;
          line.chargedPaise += entry.amountPaise;
        }
        break;
      case 'void':
        addCharge(money.charged, entry, -1);
        if (line) {
          line.units -= entry.units;
          line.chargedPaise -= entry.amountPaise;
        }
        break;
      case 'collect':
        money.collectedPaise += entry.amountPaise;
        // One order is paid one way; should both appear, the cash is what the courier owes the shop.
        money.collectedVia =
          entry.method === 'cod_cash' || money.collectedVia === 'cod_cash' ? 'cod_cash' : 'online';
        break;
      case 'refund':
        money.refundedPaise += entry.amountPaise;
        if (line) {
          line.refundedUnits += entry.units;
          line.refundedPaise += entry.amountPaise;
        }
        break;
      case 'credit':
        money.creditedPaise += entry.amountPaise;
        if (line) {
          line.creditedUnits += entry.units;
          line.creditedPaise += entry.amountPaise;
        }
        break;
    }
  }
  money.refunds = groupRefunds(entries);
  money.netPaise = money.collectedPaise - money.refundedPaise;
  return money;
}

/** A refund of several lines is several entries with one reference: the shopper sees it once. */
function groupRefunds(entries: readonly MoneyEntry[]): OrderMoney['refunds'] {
  const byReference = new Map<string, OrderMoney['refunds'][number]>();
  const refunds: OrderMoney['refunds'] = [];
  for (const entry of entries) {
    if (entry.kind !== 'refund') continue;
    const known = entry.reference === null ? undefined : byReference.get(entry.reference);
    if (known) {
      known.amountPaise += entry.amountPaise;
      continue;
    }
    const refund = { method: entry.method, amountPaise: entry.amountPaise, reference: entry.reference };
    refunds.push(refund);
    if (entry.reference !== null) byReference.set(entry.reference, refund);
  }
  return refunds;
}
