import { asc, eq, sql } from 'drizzle-orm';
import { shareInProportion } from '../../../contracts/allocation';
import type { Address } from '../../../contracts/auth';
import { stateByCode, stateByName, statesForPincode } from '../../../contracts/india-states';
import type { Database } from '../../db/client';
import {
  type BuyerSnapshot,
  creditNotes,
  type DocumentLine,
  documentCounters,
  invoices,
  orderItems,
  orders,
  products,
  returnLines,
  returnRefunds,
  type SellerSnapshot,
  staffRefunds,
} from '../../db/schema';
import { appendMoneyEntries, moneyOfOrder, type NewMoneyEntry } from '../order-money/append-entries';
import { readShopSettings, type ShopSettings } from '../shop-settings/read-shop-settings';
import {
  documentNumber,
  financialYearOf,
  type SupplyKind,
  sumTaxes,
  supplyKindOf,
  taxInclusiveAmount,
} from './gst-arithmetic';

type OrderRow = typeof orders.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** docs/product.md#gst-invoices: shipping charged with the goods is a composite supply, taxed as its goods. */
export const SHIPPING_SAC = '996812';
/** The COD fee's invoice line (docs/product.md#cash-on-delivery), under the shipping SAC. */
export const COD_FEE_DESCRIPTION = 'Cash on delivery fee';

function addressLines(address: Address): string[] {
  return [
    `${address.firstName} ${address.lastName}`.trim(),
    address.houseName,
    address.streetArea,
    `${address.city}, ${address.state} ${address.pincode}`.trim(),
  ].filter((line) => line.trim() !== '');
}

/** The state the goods go to: the shipping address's state by name, else the state its pincode belongs to. */
export function placeOfSupplyOf(address: Address): { code: string; name: string } {
  // An address stored without a state or pincode (rows written before they were required) names no state.
  const state = stateByName(address.state ?? '') ?? statesForPincode(address.pincode ?? '')[0];
  return state ? { code: state.code, name: state.name } : { code: '', name: address.state ?? '' };
}

function sellerOf(settings: ShopSettings): SellerSnapshot {
  return {
    legalName: settings.legalName,
    address: [
      settings.addressLine1,
      settings.addressLine2,
      `${settings.city} ${settings.pincode}`.trim(),
    ].filter((line) => line !== ''),
    stateCode: settings.stateCode,
    stateName: stateByCode(settings.stateCode)?.name ?? '',
    gstin: settings.gstin,
    signatureLine: settings.signatureLine,
  };
}

function buyerOf(order: OrderRow): BuyerSnapshot {
  return {
    name: order.contact.name,
    email: order.contact.email,
    phone: order.contact.phone,
    billingAddress: addressLines(order.billingAddress),
    shippingAddress: addressLines(order.shippingAddress),
    placeOfSupply: placeOfSupplyOf(order.shippingAddress),
  };
}

type InvoicedItem = Pick<
  typeof orderItems.$inferSelect,
  'title' | 'size' | 'quantity' | 'unitMrpPaise' | 'unitPricePaise' | 'couponSharePaise' | 'prepaidSharePaise'
>;

/**
 * docs/product.md#money: a line's value is what was paid for it, after its share of the code's discount and of
 * the prepaid offer (docs/product.md#prepaid-offer); the discount column shows the product's discount and those
 * shares together.
 */
export function goodsLine(
  item: InvoicedItem,
  hsnCode: string,
  rate: number,
  supply: SupplyKind,
): DocumentLine {
  return {
    description: `${item.title} (${item.size})`,
    hsnCode,
    quantity: item.quantity,
    unitPricePaise: item.unitMrpPaise,
    discountPaise:
      (item.unitMrpPaise - item.unitPricePaise) * item.quantity +
      item.couponSharePaise +
      item.prepaidSharePaise,
    ...taxInclusiveAmount(
      item.unitPricePaise * item.quantity - item.couponSharePaise - item.prepaidSharePaise,
      rate,
      supply,
    ),
  };
}

/** A charge that goes with the goods (shipping, the COD fee): taxed at the rate of the line worth most. */
function chargeLine(
  description: string,
  amountPaise: number,
  goods: readonly DocumentLine[],
  supply: SupplyKind,
): DocumentLine | undefined {
  if (amountPaise <= 0) return undefined;
  const principal = goods.reduce<DocumentLine | undefined>(
    (largest, line) => (!largest || line.totalPaise > largest.totalPaise ? line : largest),
    undefined,
  );
  return {
    description,
    hsnCode: SHIPPING_SAC,
    quantity: 1,
    unitPricePaise: amountPaise,
    discountPaise: 0,
    ...taxInclusiveAmount(amountPaise, principal?.rateBasisPoints ?? 0, supply),
  };
}

/** Shipping charged with the goods, taxed at the rate of the line worth most (none when it ships free). */
export function shippingLine(
  shippingPaise: number,
  goods: readonly DocumentLine[],
  supply: SupplyKind,
): DocumentLine | undefined {
  return chargeLine('Shipping', shippingPaise, goods, supply);
}

/**
 * docs/product.md#cash-on-delivery: the COD fee is charged for delivering the goods with the cash collected, part
 * of the same composite supply as shipping: its own line, under the same SAC and at the same rate.
 */
export function codFeeLine(
  codFeePaise: number,
  goods: readonly DocumentLine[],
  supply: SupplyKind,
): DocumentLine | undefined {
  return chargeLine(COD_FEE_DESCRIPTION, codFeePaise, goods, supply);
}

/** An invoice line with what it is for: a line of goods (its order line), shipping or the COD fee. */
export interface PricedLine {
  line: DocumentLine;
  part: 'goods' | 'shipping' | 'cod_fee';
  orderItemId: string | null;
  units: number;
  codeDiscountPaise: number;
  prepaidDiscountPaise: number;
}

/**
 * docs/architecture.md#money-record: what the order charges, line by line, as its invoice prints it; the money
 * record's charges and the invoice are made from these same lines.
 */
export async function pricedLinesOf(
  tx: Database,
  order: OrderRow,
): Promise<{ supply: SupplyKind; placeOfSupply: BuyerSnapshot['placeOfSupply']; lines: PricedLine[] }> {
  const settings = await readShopSettings(tx);
  const placeOfSupply = placeOfSupplyOf(order.shippingAddress);
  const supply = supplyKindOf(settings.stateCode, placeOfSupply.code);
  const items = await tx
    .select({ item: orderItems, hsnCode: products.hsnCode, rate: products.gstRateBasisPoints })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const goods: PricedLine[] = items.map(({ item, hsnCode, rate }) => ({
    line: goodsLine(item, hsnCode, rate, supply),
    part: 'goods',
    orderItemId: item.id,
    units: item.quantity,
    codeDiscountPaise: item.couponSharePaise,
    prepaidDiscountPaise: item.prepaidSharePaise,
  }));
  const goodsLines = goods.map((priced) => priced.line);
  const charge = (part: 'shipping' | 'cod_fee', line: DocumentLine | undefined): PricedLine[] =>
    line ? [{ line, part, orderItemId: null, units: 1, codeDiscountPaise: 0, prepaidDiscountPaise: 0 }] : [];
  return {
    supply,
    placeOfSupply,
    lines: [
      ...goods,
      ...charge('shipping', shippingLine(order.shippingPaise, goodsLines, supply)),
      ...charge('cod_fee', codFeeLine(order.codFeePaise, goodsLines, supply)),
    ],
  };
}

/**
 * The next number of a series in a financial year. The upsert holds the counter row's lock until the issuing
 * transaction ends, so concurrent issuers take consecutive numbers and a rollback leaves no gap.
 */
async function takeNextNumber(tx: Database, series: 'invoice' | 'credit_note', financialYear: string) {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.financialYear],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  if (!row) throw new Error(`no ${series} number was taken`);
  return row.lastNumber;
}

export async function invoiceOfOrder(db: Database, orderId: string): Promise<InvoiceRow | undefined> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return invoice;
}

/**
 * Issues the order's tax invoice, once: the caller holds the order's locks (the confirming transaction), so a
 * second call finds the first one's invoice. Seller details are whatever the settings hold now, even when
 * incomplete (docs/product.md#gst-invoices): a paid order is never left without its number.
 */
export async function issueInvoice(tx: Database, orderId: string, issuedAt: Date): Promise<InvoiceRow> {
  const existing = await invoiceOfOrder(tx, orderId);
  if (existing) return existing;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId} to invoice`);
  const settings = await readShopSettings(tx);
  const buyer = buyerOf(order);
  const priced = await pricedLinesOf(tx, order);
  const { supply } = priced;
  const lines = priced.lines.map(({ line }) => line);
  const financialYear = financialYearOf(issuedAt);
  const sequence = await takeNextNumber(tx, 'invoice', financialYear);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId,
      number: documentNumber(settings.invoicePrefix, financialYear, sequence),
      financialYear,
      sequence,
      issuedAt,
      supply,
      placeOfSupplyCode: buyer.placeOfSupply.code,
      seller: sellerOf(settings),
      buyer,
      lines,
      ...sumTaxes(lines),
    })
    .returning();
  if (!invoice) throw new Error('the invoice was not saved');
  return invoice;
}

/** A credit note's line, with the invoice line (its index) or the order line it credits. */
interface CreditedLine {
  line: DocumentLine;
  invoiceLineIndex?: number;
  orderItemId?: string;
  units: number;
}

/** The invoice's lines with a refunded amount shared among them in proportion, the tax reversed at each rate. */
function creditedLines(
  invoice: Pick<InvoiceRow, 'lines' | 'supply'>,
  amountPaise: number,
  goodsReturned: boolean,
): CreditedLine[] {
  const shares = shareInProportion(
    amountPaise,
    invoice.lines.map((line) => line.totalPaise),
  );
  return invoice.lines.flatMap((line, index) => {
    const share = shares[index] ?? 0;
    if (share === 0) return [];
    return [
      {
        line: {
          ...line,
          // A refund with no goods back lowers the value of what was supplied: no quantity comes back.
          description: goodsReturned ? line.description : `${line.description}: value reduced`,
          unitPricePaise: share,
          quantity: goodsReturned ? 1 : 0,
          discountPaise: 0,
          ...taxInclusiveAmount(share, line.rateBasisPoints, invoice.supply),
        },
        invoiceLineIndex: index,
        // Goods never supplied (a cancellation) come back whole, even after a refund that lowered their value.
        units: goodsReturned ? line.quantity : 0,
      },
    ];
  });
}

/** docs/product.md#gst-invoices: what a credit note says it is for. */
export const creditNoteReasons = {
  cancelled: 'Order cancelled before dispatch: no goods supplied.',
  returnedToOrigin: 'Cash-on-delivery parcel returned to origin undelivered: no goods supplied.',
  /** docs/product.md#returns: the returned units come back; the note credits what was refunded for them. */
  goodsReturned: (returnNumber: string) => `Goods returned: return ${returnNumber}.`,
  refundNoGoodsReturned: (reason: string) => `Refund, no goods returned: ${reason}`,
  /** A COD refund paid out for goods that came back (docs/product.md#cod-refunds). */
  refundGoodsReturned: (reason: string) => `Refund of goods returned: ${reason}`,
} as const;

/**
 * A refund the console made carries the staff's reason and leaves the goods with the shopper; any other
 * refund of the paying payment is the one a cancellation owes.
 */
async function creditNoteReasonOf(tx: Database, razorpayRefundId: string) {
  const [byStaff] = await tx
    .select({ reason: staffRefunds.reason })
    .from(staffRefunds)
    .where(eq(staffRefunds.razorpayRefundId, razorpayRefundId))
    .limit(1);
  return byStaff
    ? { text: creditNoteReasons.refundNoGoodsReturned(byStaff.reason), goodsReturned: false }
    : { text: creditNoteReasons.cancelled, goodsReturned: true };
}

/** The return a refund belongs to: named by the caller (a COD payout), else found by the Razorpay refund. */
async function returnOfRefund(tx: Database, razorpayRefundId: string, returnId: string | null | undefined) {
  if (returnId) return returnId;
  const [refund] = await tx
    .select({ returnId: returnRefunds.returnId })
    .from(returnRefunds)
    .where(eq(returnRefunds.razorpayRefundId, razorpayRefundId));
  return refund?.returnId;
}

/**
 * A return's refund credits the returned units themselves, and nothing else: each returned line its units, and
 * its share (by what was paid for them) of the amount refunded, the tax reversed at the product's rate.
 * Undefined for any other refund.
 */
async function returnedGoodsLines(
  tx: Database,
  returnId: string | undefined,
  amountPaise: number,
  supply: SupplyKind,
): Promise<{ text: string; lines: CreditedLine[] } | undefined> {
  if (!returnId) return undefined;
  const rows = await tx
    .select({
      line: returnLines,
      item: orderItems,
      hsnCode: products.hsnCode,
      rate: products.gstRateBasisPoints,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(orderItems.id));
  if (rows.length === 0) return undefined;
  const shares = shareInProportion(
    amountPaise,
    rows.map(({ line }) => line.paidPaise),
  );
  const lines = rows.flatMap(({ line, item, hsnCode, rate }, index) => {
    const share = shares[index] ?? 0;
    if (share <= 0) return [];
    return [
      {
        line: {
          description: `${item.title} (${item.size}): returned`,
          hsnCode,
          quantity: line.units,
          unitPricePaise: item.unitMrpPaise,
          discountPaise: Math.max(0, item.unitMrpPaise * line.units - share),
          ...taxInclusiveAmount(share, rate, supply),
        },
        orderItemId: item.id,
        units: line.units,
      },
    ];
  });
  const returnNumber = `RT-${returnId.slice(0, 8).toUpperCase()}`;
  return { text: creditNoteReasons.goodsReturned(returnNumber), lines };
}

/** What each invoice line is for, in the order `pricedLinesOf` wrote them: the goods by order line, then charges. */
async function invoiceLineParts(tx: Database, orderId: string, lines: readonly DocumentLine[]) {
  const items = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  let goodsIndex = 0;
  return lines.map((line) => {
    if (line.hsnCode !== SHIPPING_SAC) {
      const item = items[goodsIndex++];
      return { part: 'goods' as const, orderItemId: item?.id ?? null };
    }
    return {
      part: line.description === COD_FEE_DESCRIPTION ? ('cod_fee' as const) : ('shipping' as const),
      orderItemId: null,
    };
  });
}

/** docs/architecture.md#money-record: a credit note's lines, as the order's money record keeps them. */
async function creditEntriesOf(
  tx: Database,
  note: CreditNoteRow,
  invoice: InvoiceRow,
  credited: readonly CreditedLine[],
): Promise<NewMoneyEntry[]> {
  const parts = await invoiceLineParts(tx, note.orderId, invoice.lines);
  const { lines: recorded } = await moneyOfOrder(tx, note.orderId);
  return credited.map((entry, index) => {
    const source = entry.invoiceLineIndex === undefined ? undefined : parts[entry.invoiceLineIndex];
    const orderItemId = entry.orderItemId ?? source?.orderItemId ?? null;
    // A unit is credited once: only what no earlier note gave back.
    const line = orderItemId ? recorded.get(orderItemId) : undefined;
    const units = line
      ? Math.min(entry.units, Math.max(0, line.invoicedUnits - line.creditedUnits))
      : entry.units;
    return {
      orderId: note.orderId,
      kind: 'credit',
      part: entry.orderItemId ? 'goods' : (source?.part ?? 'order'),
      orderItemId,
      units,
      amountPaise: entry.line.totalPaise,
      taxPaise: entry.line.cgstPaise + entry.line.sgstPaise + entry.line.igstPaise,
      reference: note.number,
      entryKey: `credit:${note.id}:${index}`,
    };
  });
}

/**
 * Issues the credit note for a refund of an invoiced order, once a refund (docs/product.md#gst-invoices): its
 * own series, the invoice's seller, buyer and place of supply, the tax reversed in proportion. The caller
 * holds the order's locks. Nothing when the order has no invoice.
 */
export async function issueCreditNote(
  tx: Database,
  refund: {
    orderId: string;
    /** The refund's id: Razorpay's, a RazorpayX payout's, or our own for a refund paid another way. */
    razorpayRefundId: string;
    amountPaise: number;
    /** What the note says it is for, when the caller knows (a COD refund); else read from a console refund. */
    reason?: { text: string; goodsReturned: boolean };
    /** The return the refund pays for, when the caller knows (a COD refund of a return). */
    returnId?: string | null;
  },
  issuedAt: Date,
): Promise<CreditNoteRow | undefined> {
  const [existing] = await tx
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.razorpayRefundId, refund.razorpayRefundId));
  if (existing) return existing;
  const invoice = await invoiceOfOrder(tx, refund.orderId);
  if (!invoice || refund.amountPaise <= 0) return undefined;
  const settings = await readShopSettings(tx);
  const amountPaise = Math.min(refund.amountPaise, invoice.totalPaise);
  const returnId = await returnOfRefund(tx, refund.razorpayRefundId, refund.returnId);
  const returned = await returnedGoodsLines(tx, returnId, amountPaise, invoice.supply);
  const reason = returned ?? refund.reason ?? (await creditNoteReasonOf(tx, refund.razorpayRefundId));
  const credited = returned
    ? returned.lines
    : creditedLines(invoice, amountPaise, 'goodsReturned' in reason ? reason.goodsReturned : true);
  const lines = credited.map(({ line }) => line);
  const financialYear = financialYearOf(issuedAt);
  const sequence = await takeNextNumber(tx, 'credit_note', financialYear);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      orderId: refund.orderId,
      invoiceId: invoice.id,
      razorpayRefundId: refund.razorpayRefundId,
      number: documentNumber(settings.creditNotePrefix, financialYear, sequence),
      financialYear,
      sequence,
      issuedAt,
      supply: invoice.supply,
      placeOfSupplyCode: invoice.placeOfSupplyCode,
      seller: invoice.seller,
      buyer: invoice.buyer,
      lines,
      reason: reason.text,
      ...sumTaxes(lines),
    })
    .returning();
  if (!note) throw new Error('the credit note was not saved');
  await appendMoneyEntries(tx, await creditEntriesOf(tx, note, invoice, credited));
  return note;
}

export async function creditNotesOfOrder(db: Database, orderId: string): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.sequence));
}

/** The key a returned-to-origin order's credit note is kept under, in place of a refund's id: one per order. */
export function rtoCreditNoteKey(orderId: string): string {
  return `rto-${orderId}`;
}

/**
 * docs/product.md#cash-on-delivery: a COD parcel back at origin was never supplied, so a credit note cancels its
 * invoice in full. Once; nothing when the order was never invoiced (it came back before the courier took it).
 */
export async function issueRtoCreditNote(tx: Database, orderId: string, issuedAt: Date) {
  const invoice = await invoiceOfOrder(tx, orderId);
  if (!invoice) return undefined;
  return issueCreditNote(
    tx,
    {
      orderId,
      razorpayRefundId: rtoCreditNoteKey(orderId),
      amountPaise: invoice.totalPaise,
      reason: { text: creditNoteReasons.returnedToOrigin, goodsReturned: true },
    },
    issuedAt,
  );
}
