import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminCustomerDetail } from '../../contracts/admin-customers';
import type { DashboardReply } from '../../contracts/admin-orders';
import type { CodSettingsBody, PlacedCodOrder } from '../../contracts/cod';
import type { RemittanceImportReply } from '../../contracts/cod-money';
import type { CouponInput } from '../../contracts/coupons';
import { inIndia } from '../../contracts/format';
import type { Order } from '../../contracts/orders';
import type { PrepaidOfferBody } from '../../contracts/prepaid-offer';
import type { ReturnReply } from '../../contracts/returns';
import { codPayouts, creditNotes, invoices, orderItems, orders, products, shipments } from '../db/schema';
import { DEFAULT_COD_RISK_SETTINGS } from '../modules/cod/cod-risk';
import { gstr1Files, hsnFileName } from '../modules/invoices/gstr1-files';
import { gstr1MonthFiles } from '../modules/invoices/gstr1-zip';
import { SHIPPING_SAC } from '../modules/invoices/issue-documents';
import { moneyEntriesOf, moneyOfOrder, moneyOfOrders } from '../modules/order-money/append-entries';
import type { OrderMoney } from '../modules/order-money/money-of';
import { orderNumberOf } from '../modules/orders/order-view';
import { remittanceCsv } from '../simulators/shiprocket/remittances';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { latestOtp } from '../test/dev-outbox';
import { newShopper, razorpaySimulatorOf, type Shopper, shiprocketSimulatorOf } from '../test/order-helpers';
import { sampleCarePhone, useSampleSeller } from '../test/seller-factory';
import { type CreatedStaff, createStaffMember } from '../test/staff-factory';
import { runRemittanceImport } from './cod-remittances';
import { paymentDeps, shippingDeps } from './deps';
import { createShipmentForOrder } from './fulfil-order';
import { refundCancelledOrder } from './refunds';
import { refreshShipmentTracking } from './tracking';

// docs/architecture.md#money-record: random order histories driven through the real routes, flows and
// simulators. After every step each view of the order's money agrees with its money record, and the record
// keeps its invariants; at the end the month's GSTR-1 HSN summary is the record's invoices less its credits.

let app: TestApp;
let owner: CreatedStaff;

const COD_RULES: CodSettingsBody = {
  enabled: true,
  feePaise: 4900,
  minOrderPaise: 10_000,
  maxOrderPaise: 1_000_000,
  rtoLimit: 5,
  confirmHours: 24,
};

beforeAll(async () => {
  app = await buildTestApp({
    authRateLimitMax: 100_000,
    jobWorkers: false,
    otpSms: { hourlyBudget: 100_000, prefixHourlyLimit: 100_000 },
  });
  owner = await createStaffMember(app, { role: 'owner' });
  await useSampleSeller(app, { carePhone: sampleCarePhone });
  await app.db.update(products).set({ stock: 100_000 });
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/admin/cod-settings',
    headers: owner.headers,
    payload: COD_RULES,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // Random carts of first-time shoppers, many returned to one pincode: the COD risk rules are not what this tests.
  const riskOff = await app.inject({
    method: 'PUT',
    url: '/api/admin/cod-risk-settings',
    headers: owner.headers,
    payload: { ...DEFAULT_COD_RISK_SETTINGS, firstOrderLimitEnabled: false, pincodeRtoEnabled: false },
  });
  expect(riskOff.statusCode, riskOff.body).toBe(200);
  // Each step polls its parcel, as the tracking sweep does: no webhook arrives behind the test's back.
  shiprocketSimulatorOf(app).webhooks.setTarget('/api/no-such-endpoint');
});
afterAll(() => app.closeAndDrop());

type Step =
  | { kind: 'cancel' }
  | { kind: 'console_cancel' }
  | { kind: 'ship' }
  | { kind: 'advance' }
  | { kind: 'deliver' }
  | { kind: 'rto' }
  | { kind: 'remit' }
  | { kind: 'part_refund'; share: number }
  | { kind: 'return'; resolution: 'refund' | 'replacement'; picks: number[] };

interface History {
  method: 'online' | 'cod';
  code: 'none' | 'percent' | 'free_shipping';
  /** docs/product.md#prepaid-offer: the shop's offer for paying online when the order is placed. */
  prepaid: 'off' | 'percent' | 'flat';
  lines: { id: number; quantity: number }[];
  steps: Step[];
}

/** Money moves after delivery most: returns and refunds come up more often than the parcel's steps. */
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'cancel' as const }),
  fc.constant({ kind: 'console_cancel' as const }),
  fc.constant({ kind: 'ship' as const }),
  fc.constant({ kind: 'advance' as const }),
  fc.constant({ kind: 'deliver' as const }),
  fc.constant({ kind: 'rto' as const }),
  fc.constant({ kind: 'remit' as const }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('part_refund' as const),
      share: fc.double({ min: 0.05, max: 0.6, noNaN: true }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      resolution: fc.constantFrom('refund' as const, 'replacement' as const),
      picks: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }),
    }),
  },
);

/** Where the parcel goes in the middle of the history: most histories reach the steps that need it there. */
const roads: Record<string, Step[]> = {
  unshipped: [],
  booked: [{ kind: 'ship' }],
  picked_up: [{ kind: 'ship' }, { kind: 'advance' }, { kind: 'advance' }],
  delivered: [{ kind: 'ship' }, { kind: 'deliver' }],
  returned_to_origin: [{ kind: 'ship' }, { kind: 'rto' }],
};

const history: fc.Arbitrary<History> = fc.record({
  method: fc.constantFrom('online' as const, 'cod' as const),
  code: fc.constantFrom('none' as const, 'percent' as const, 'free_shipping' as const),
  prepaid: fc.constantFrom('off' as const, 'percent' as const, 'flat' as const),
  lines: fc.uniqueArray(
    fc.record({ id: fc.constantFrom(1, 2, 3), quantity: fc.integer({ min: 1, max: 3 }) }),
    { minLength: 1, maxLength: 3, selector: (line) => line.id },
  ),
  steps: fc
    .tuple(
      fc.array(step, { maxLength: 2 }),
      fc.constantFrom(...Object.keys(roads), 'delivered', 'delivered'),
      fc.array(step, { maxLength: 4 }),
    )
    .map(([before, road, after]) => [...before, ...(roads[road] ?? []), ...after]),
});

let codes = 0;
async function codeFor(kind: History['code']): Promise<string | null> {
  if (kind === 'none') return null;
  codes += 1;
  const input: Partial<CouponInput> = {
    code: `MONEY${codes}`,
    kind: kind === 'percent' ? 'percent' : 'free_shipping',
    percentOff: kind === 'percent' ? 15 : null,
    validFrom: '2026-01-01T00:00:00+05:30',
  };
  const reply = await app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: owner.headers,
    payload: input,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return input.code ?? null;
}

const PREPAID_OFFERS: Record<History['prepaid'], PrepaidOfferBody> = {
  off: { enabled: false, kind: 'percent', percentOff: null, maxDiscountPaise: null, amountOffPaise: null },
  percent: { enabled: true, kind: 'percent', percentOff: 7, maxDiscountPaise: 6000, amountOffPaise: null },
  flat: { enabled: true, kind: 'flat', percentOff: null, maxDiscountPaise: null, amountOffPaise: 4550 },
};

async function setPrepaidOffer(kind: History['prepaid']) {
  const reply = await app.inject({
    method: 'PUT',
    url: '/api/admin/prepaid-offer',
    headers: owner.headers,
    payload: PREPAID_OFFERS[kind],
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** The order placed as a shopper places it: paid in the simulated Checkout window, or COD confirmed by OTP. */
async function placeOrder(shopper: Shopper, method: History['method']): Promise<string> {
  if (method === 'cod') {
    // Each shopper from an address of their own: COD's routes are limited per address.
    const remoteAddress = `10.7.${Math.floor(codes / 250)}.${(codes % 250) + 1}`;
    codes += 1;
    const placed = await app.inject({
      method: 'POST',
      url: '/api/cod/place-order',
      headers: shopper.headers,
      payload: {},
      remoteAddress,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json<PlacedCodOrder>();
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/cod/confirm',
      headers: shopper.headers,
      remoteAddress,
      payload: { orderId, otp: await latestOtp(app, shopper.mobile) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return orderId;
  }
  const placed = await shopper.placeOrder();
  const reported = await shopper.reportPayment(razorpaySimulatorOf(app).completePayment(placed.id));
  expect(reported.statusCode, reported.body).toBe(200);
  return reported.json<{ orderId: string }>().orderId;
}

async function parcelOf(orderId: string) {
  const [shipment] = await app.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return shipment;
}

async function pollParcel(orderId: string) {
  const shipment = await parcelOf(orderId);
  if (shipment) await refreshShipmentTracking(shippingDeps(app), shipment, 'system');
}

/** A refusal is an answer too (the step did not apply); a 5xx never is. */
function expectAnswered(reply: { statusCode: number; body: string }) {
  expect(reply.statusCode, reply.body).toBeLessThan(500);
}

let keys = 0;
const key = () => `money-history-${Date.now()}-${++keys}`;

async function refundOwedForCancel(orderId: string) {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.status === 'cancelled' && order.paymentMethod !== 'COD') {
    await refundCancelledOrder(paymentDeps(app), orderId, 'system');
  }
}

async function returnSomeUnits(
  shopper: Shopper,
  orderId: string,
  cod: boolean,
  resolution: 'refund' | 'replacement',
  picks: number[],
) {
  const items = await app.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const lines = items.flatMap((item, index) => {
    const units = Math.min(picks[index] ?? 0, item.quantity);
    return units > 0 ? [{ lineId: item.id, units }] : [];
  });
  if (lines.length === 0) return;
  const asked = await app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns`,
    headers: { ...shopper.headers, 'idempotency-key': key() },
    payload: {
      lines,
      // A replacement is for a wrong or damaged item; a refund for any reason.
      reason: resolution === 'replacement' ? 'wrong_item' : 'not_as_described',
      resolution,
      note: 'Not what the picture showed.',
      photoIds: [],
      ...(cod ? { upiId: 'asha@okaxis' } : {}),
    },
  });
  expectAnswered(asked);
  if (asked.statusCode !== 201) return;
  const { returnId } = asked.json<ReturnReply>().return;
  for (const action of ['approve-without-pickup', 'refund']) {
    const acted = await app.inject({
      method: 'POST',
      url: `/api/admin/returns/${returnId}/${action}`,
      headers: owner.headers,
    });
    expectAnswered(acted);
  }
}

async function partRefund(orderId: string, cod: boolean, share: number) {
  const money = await moneyOfOrder(app.db, orderId);
  const amountPaise = Math.max(100, Math.floor((money.collectedPaise - money.refundedPaise) * share));
  const reply = cod
    ? await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/cod/payouts`,
        headers: { ...owner.headers, 'idempotency-key': key() },
        payload: { amountPaise, vpa: 'asha@okaxis', reason: 'One mitt torn' },
      })
    : await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: { ...owner.headers, 'idempotency-key': key() },
        payload: { amountPaise, reason: 'Parcel arrived damaged' },
      });
  expectAnswered(reply);
}

/** RazorpayX settles a COD refund's payout by its webhook, a moment after the request that asked for it. */
async function payoutsSettled(orderId: string) {
  await expect
    .poll(
      async () =>
        (await app.db.select().from(codPayouts).where(eq(codPayouts.orderId, orderId))).filter((payout) =>
          ['queued', 'pending', 'processing'].includes(payout.status),
        ),
      { timeout: 10_000 },
    )
    .toEqual([]);
}

async function runStep(current: Step, shopper: Shopper, orderId: string, cod: boolean) {
  const simulator = shiprocketSimulatorOf(app);
  switch (current.kind) {
    case 'cancel': {
      const reply = await app.inject({
        method: 'POST',
        url: `/api/orders/cancel/${orderId}`,
        headers: shopper.headers,
      });
      expectAnswered(reply);
      await refundOwedForCancel(orderId);
      return;
    }
    case 'console_cancel': {
      const reply = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/cancel`,
        headers: owner.headers,
      });
      expectAnswered(reply);
      await pollParcel(orderId);
      await refundOwedForCancel(orderId);
      return;
    }
    case 'ship':
      await createShipmentForOrder(shippingDeps(app), { orderId });
      return;
    case 'advance':
    case 'deliver': {
      const shipment = await parcelOf(orderId);
      if (!shipment) return;
      simulator.move(
        Number(shipment.shiprocketShipmentId),
        current.kind === 'advance' ? 'next' : 'delivered',
      );
      await pollParcel(orderId);
      await refundOwedForCancel(orderId);
      return;
    }
    case 'rto': {
      const shipment = await parcelOf(orderId);
      if (!shipment) return;
      const parcel = Number(shipment.shiprocketShipmentId);
      // The consignee refuses the parcel once the courier has it: moved on until then, at most a few steps.
      for (let moves = 0; moves < 4; moves++) {
        try {
          simulator.requestRto(parcel);
        } catch {
          simulator.move(parcel, 'next');
          await pollParcel(orderId);
          continue;
        }
        simulator.move(parcel, 'delivered');
        break;
      }
      await pollParcel(orderId);
      await refundOwedForCancel(orderId);
      return;
    }
    case 'remit': {
      const remittance = simulator.remit();
      if (!remittance) return;
      const reply = await app.inject({
        method: 'POST',
        url: '/api/admin/cod/remittances',
        headers: owner.headers,
        payload: { csv: remittanceCsv([remittance]) },
      });
      expectAnswered(reply);
      if (reply.statusCode === 202) {
        await runRemittanceImport(
          { db: app.db, jobs: app.jobs },
          reply.json<RemittanceImportReply>().import.id,
        );
      }
      return;
    }
    case 'part_refund':
      await partRefund(orderId, cod, current.share);
      return;
    case 'return':
      await returnSomeUnits(shopper, orderId, cod, current.resolution, current.picks);
      return;
  }
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const indiaDay = (at: Date) => inIndia(at).toISOString().slice(0, 10);

/** Every view of the order's money says what its record says. */
async function expectViewsAgree(shopper: Shopper, orderId: string, money: OrderMoney) {
  const mine = await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: shopper.headers });
  expect(mine.statusCode, mine.body).toBe(200);
  const order = mine.json<{ order: Order }>().order;
  expect({ paid: order.paidPaise, refunded: order.refundedPaise }).toEqual({
    paid: money.collectedPaise,
    refunded: money.refundedPaise,
  });
  // docs/product.md#prepaid-offer: what the order shows of the offer is what the record charged for it.
  if (money.charged.totalPaise > 0)
    expect(order.prepaidDiscountPaise).toBe(money.charged.prepaidDiscountPaise);

  const console = await app.inject({
    method: 'GET',
    url: `/api/admin/orders/${orderId}`,
    headers: owner.headers,
  });
  expect(console.statusCode, console.body).toBe(200);
  const detail = console.json<{ order: Order; refundablePaise: number }>();
  expect({ paid: detail.order.paidPaise, refunded: detail.order.refundedPaise }).toEqual({
    paid: money.collectedPaise,
    refunded: money.refundedPaise,
  });

  const today = indiaDay(new Date());
  const csv = await app.inject({
    method: 'GET',
    url: `/api/admin/orders.csv?from=${today}&to=${today}&q=${orderNumberOf(orderId)}`,
    headers: owner.headers,
  });
  expect(csv.statusCode, csv.body).toBe(200);
  const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
  const row = rows.find((entry) => entry['Order number'] === orderNumberOf(orderId));
  if (money.collectedPaise > 0 || money.charged.totalPaise > 0) {
    expect(row, csv.body).toBeDefined();
    expect({
      refunded: row?.['Refunded (INR)'],
      net: row?.['Net (INR)'],
      prepaid: row?.['Prepaid offer (INR)'],
    }).toEqual({
      refunded: rupees(money.refundedPaise),
      net: rupees(money.netPaise),
      prepaid: rupees(money.charged.prepaidDiscountPaise),
    });
  }

  // The items CSV lists an invoiced order's lines as its invoice has them: what the record charged.
  const itemsCsv = await app.inject({
    method: 'GET',
    url: `/api/admin/order-items.csv?from=${today}&to=${today}&q=${orderNumberOf(orderId)}`,
    headers: owner.headers,
  });
  expect(itemsCsv.statusCode, itemsCsv.body).toBe(200);
  const itemRows = (
    parse(itemsCsv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[]
  ).filter((entry) => entry['Order number'] === orderNumberOf(orderId) && entry['Invoice number'] !== '');
  if (itemRows.length > 0) {
    const charged = [...(await moneyEntriesOf(app.db, [orderId])).values()]
      .flat()
      .filter((entry) => entry.kind === 'charge')
      .reduce((sum, entry) => sum + entry.amountPaise, 0);
    expect(
      itemRows.reduce((sum, entry) => sum + Math.round(Number(entry['Line total (INR)']) * 100), 0),
    ).toBe(charged);
  }

  const customer = await app.inject({
    method: 'GET',
    url: `/api/admin/customers/${shopper.userId}`,
    headers: owner.headers,
  });
  expect(customer.statusCode, customer.body).toBe(200);
  const shoppersOrders = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, shopper.userId));
  const net = [
    ...(
      await moneyOfOrders(
        app.db,
        shoppersOrders.map((entry) => entry.id),
      )
    ).values(),
  ].reduce((sum, money) => sum + money.netPaise, 0);
  expect(customer.json<AdminCustomerDetail>().paidTotalPaise).toBe(net);
}

/** What the record must always keep, whatever happened to the order. */
async function expectInvariants(orderId: string, money: OrderMoney) {
  expect(money.refundedPaise).toBeLessThanOrEqual(money.collectedPaise);
  for (const [lineId, line] of money.lines) {
    expect(line.refundedPaise, `line ${lineId} refunded`).toBeLessThanOrEqual(
      Math.max(line.chargedPaise, 0) + 0,
    );
    expect(line.refundedUnits, `line ${lineId} units refunded`).toBeLessThanOrEqual(line.invoicedUnits);
    expect(line.creditedUnits, `line ${lineId} units credited`).toBeLessThanOrEqual(line.invoicedUnits);
  }
  const notes = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  for (const note of notes) {
    expect(
      note.lines.reduce((sum, line) => sum + line.totalPaise, 0),
      `credit note ${note.number} adds up`,
    ).toBe(note.totalPaise);
  }
  expect(notes.reduce((sum, note) => sum + note.totalPaise, 0)).toBe(money.creditedPaise);
  const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (invoice) expect(money.creditedPaise).toBeLessThanOrEqual(invoice.totalPaise);
}

/** GSTR-1's HSN summary, value and quantity by HSN and rate, in paise. */
function hsnSummaryOf(files: Record<string, string>, month: string) {
  const rows = parse(files[hsnFileName(month)] ?? '', { columns: true }) as Record<string, string>[];
  // Shipping and the COD fee (SAC 996812) take the goods' rate, and a service has no quantity: one row for them.
  const summary = new Map<string, { value: number; quantity: number }>();
  for (const row of rows) {
    const hsnKey = row.HSN === SHIPPING_SAC ? SHIPPING_SAC : `${row.HSN}|${row.Rate}`;
    const sum = summary.get(hsnKey) ?? { value: 0, quantity: 0 };
    sum.value += Math.round(Number(row['Total Value']) * 100);
    sum.quantity += Number(row['Total Quantity']);
    summary.set(hsnKey, sum);
  }
  return Object.fromEntries([...summary].sort());
}

/** The same summary from the money records of invoiced orders: what was charged less what was credited. */
async function hsnSummaryOfRecords(orderIds: readonly string[]) {
  const items = orderIds.length
    ? await app.db
        .select({ id: orderItems.id, hsn: products.hsnCode, rate: products.gstRateBasisPoints })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(inArray(orderItems.orderId, [...orderIds]))
    : [];
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const summary = new Map<string, { value: number; quantity: number }>();
  for (const entries of (await moneyEntriesOf(app.db, orderIds)).values()) {
    for (const entry of entries) {
      if (entry.kind !== 'charge' && entry.kind !== 'credit') continue;
      const item = entry.orderItemId ? itemOf.get(entry.orderItemId) : undefined;
      const hsnKey = item ? `${item.hsn}|${item.rate / 100}` : SHIPPING_SAC;
      const sign = entry.kind === 'charge' ? 1 : -1;
      const sum = summary.get(hsnKey) ?? { value: 0, quantity: 0 };
      sum.value += sign * entry.amountPaise;
      if (item) sum.quantity += sign * entry.units;
      summary.set(hsnKey, sum);
    }
  }
  return Object.fromEntries([...summary].sort());
}

const thisMonth = () => indiaDay(new Date()).slice(0, 7);

/** One order's invoice and credit notes, as GSTR-1 sums them, say what its money record says. */
async function expectOrderInGstr1(orderId: string) {
  const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) return;
  const notes = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  const month = thisMonth();
  const files = gstr1Files(
    month,
    [invoice],
    notes.map((note) => ({ ...note, invoice })),
  );
  expect(hsnSummaryOf(files, month)).toEqual(await hsnSummaryOfRecords([orderId]));
}

/** The month's GSTR-1 HSN summary equals invoices less credit notes, as the money records keep them. */
async function expectMonthInGstr1() {
  const month = thisMonth();
  const invoiced = await app.db.select({ orderId: invoices.orderId }).from(invoices);
  expect(hsnSummaryOf(await gstr1MonthFiles(app.db, month), month)).toEqual(
    await hsnSummaryOfRecords(invoiced.map((entry) => entry.orderId)),
  );
}

/** Today's revenue on the dashboard is the money received and kept, order by order, as the records say. */
async function expectDashboardIsNetOfRecords() {
  const reply = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: owner.headers });
  expect(reply.statusCode, reply.body).toBe(200);
  const all = await app.db.select({ id: orders.id }).from(orders);
  const paid = [
    ...(
      await moneyOfOrders(
        app.db,
        all.map((entry) => entry.id),
      )
    ).values(),
  ].filter((money) => money.collectedPaise > 0);
  expect(reply.json<DashboardReply>().today).toMatchObject({
    orders: paid.length,
    revenuePaise: paid.reduce((sum, money) => sum + money.netPaise, 0),
  });
}

it('random order histories: every view agrees with the money record after every step, and the record keeps its invariants', async () => {
  await fc.assert(
    fc.asyncProperty(history, async (planned) => {
      razorpaySimulatorOf(app).reset();
      const shopper = await newShopper(app, planned.lines, { phoneVerified: true });
      const code = await codeFor(planned.code);
      if (code) {
        const applied = await app.inject({
          method: 'POST',
          url: '/api/cart/coupon',
          headers: shopper.headers,
          payload: { code },
        });
        expect(applied.statusCode, applied.body).toBe(200);
      }
      await setPrepaidOffer(planned.prepaid);
      const orderId = await placeOrder(shopper, planned.method);
      const cod = planned.method === 'cod';
      // The offer is for paying online only, and the order's total is after it.
      const [placed] = await app.db.select().from(orders).where(eq(orders.id, orderId));
      if (cod || planned.prepaid === 'off') expect(placed?.prepaidDiscountPaise).toBe(0);
      else expect(placed?.prepaidDiscountPaise).toBeGreaterThan(0);
      const check = async () => {
        const money = await moneyOfOrder(app.db, orderId);
        await expectViewsAgree(shopper, orderId, money);
        await expectInvariants(orderId, money);
        await expectOrderInGstr1(orderId);
      };
      await check();
      for (const current of planned.steps) {
        await runStep(current, shopper, orderId, cod);
        await payoutsSettled(orderId);
        await check();
      }
    }),
    { numRuns: Number(process.env.MONEY_HISTORIES ?? 30), endOnFailure: true },
  );
  await expectMonthInGstr1();
  await expectDashboardIsNetOfRecords();
}, 600_000);
