import { parse } from 'csv-parse/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CodEligibility, CodSettingsBody, PlacedCodOrder } from '../../../contracts/cod';
import type { CouponInput } from '../../../contracts/coupons';
import { inIndia } from '../../../contracts/format';
import { paymentMessages } from '../../../contracts/orders';
import {
  type PrepaidOfferBody,
  type PrepaidOfferReply,
  prepaidOfferMessages,
} from '../../../contracts/prepaid-offer';
import { auditLog, creditNotes, invoices, orderItems, orders } from '../../db/schema';
import { moneyEntriesOf, moneyOfOrder } from '../../modules/order-money/append-entries';
import { orderNumberOf } from '../../modules/orders/order-view';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { latestOtp } from '../../test/dev-outbox';
import {
  newShopper,
  outboxOf,
  razorpaySimulatorOf,
  type Shopper,
  sendQueuedOrderEmails,
} from '../../test/order-helpers';
import { useSampleSeller } from '../../test/seller-factory';
import { createStaffMember } from '../../test/staff-factory';

// docs/product.md#prepaid-offer: the owner's setting, and the offer's money from create-order through the order,
// its lines, the money record, the invoice and a partial refund's credit note; never on cash on delivery.

let app: TestApp;
let owner: { authorization: string };
let keys = 0;
let codes = 0;

const FACE_MITT = 1; // ₹239 after its 40 %
const NORMAL_SKIN = 2; // ₹569 after its 40 %

const OFF: PrepaidOfferBody = {
  enabled: false,
  kind: 'percent',
  percentOff: null,
  maxDiscountPaise: null,
  amountOffPaise: null,
};
const FIVE_PERCENT_UP_TO_40: PrepaidOfferBody = {
  enabled: true,
  kind: 'percent',
  percentOff: 5,
  maxDiscountPaise: 4000,
  amountOffPaise: null,
};

beforeAll(async () => {
  app = await buildTestApp({
    authRateLimitMax: 1000,
    jobWorkers: false,
    otpSms: { hourlyBudget: 100_000, prefixHourlyLimit: 100_000 },
  });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
  await useSampleSeller(app);
});
afterAll(() => app.closeAndDrop());
beforeEach(() => razorpaySimulatorOf(app).reset());

function saveOffer(body: unknown, headers = owner) {
  return app.inject({ method: 'PUT', url: '/api/admin/prepaid-offer', headers, payload: body as object });
}

async function tenPercentCode(): Promise<string> {
  codes += 1;
  const input: Partial<CouponInput> = {
    code: `PREPAID${codes}`,
    kind: 'percent',
    percentOff: 10,
    validFrom: '2026-01-01T00:00:00+05:30',
  };
  const reply = await app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: owner,
    payload: input,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return input.code ?? '';
}

async function eligibilityOf(shopper: Shopper): Promise<CodEligibility> {
  const reply = await app.inject({ method: 'GET', url: '/api/cod/eligibility', headers: shopper.headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<CodEligibility>();
}

async function payOnline(shopper: Shopper, expectedPaise: number): Promise<string> {
  const placed = await shopper.placeOrder({ amount: expectedPaise, currency: 'INR' });
  expect(placed.amount).toBe(expectedPaise);
  const reported = await shopper.reportPayment(razorpaySimulatorOf(app).completePayment(placed.id));
  expect(reported.statusCode, reported.body).toBe(200);
  return reported.json<{ orderId: string }>().orderId;
}

async function sharesOf(orderId: string) {
  const items = await app.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  return items.map((item) => [item.productId, item.couponSharePaise, item.prepaidSharePaise]);
}

describe('the prepaid offer setting (console)', () => {
  it('is off until an owner saves it; refuses bad figures with their messages; support may read, not save; audited', async () => {
    const read = await app.inject({ method: 'GET', url: '/api/admin/prepaid-offer', headers: owner });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<PrepaidOfferReply>().settings).toMatchObject({ ...OFF, updatedAt: null });

    const refusals: [unknown, string][] = [
      [{ ...FIVE_PERCENT_UP_TO_40, percentOff: null }, prepaidOfferMessages.percentRange],
      [{ ...FIVE_PERCENT_UP_TO_40, percentOff: 51 }, prepaidOfferMessages.percentRange],
      [{ ...FIVE_PERCENT_UP_TO_40, percentOff: 2.5 }, prepaidOfferMessages.percentRange],
      [{ ...FIVE_PERCENT_UP_TO_40, maxDiscountPaise: null }, prepaidOfferMessages.capRange],
      [{ ...FIVE_PERCENT_UP_TO_40, maxDiscountPaise: 100_001 }, prepaidOfferMessages.capRange],
      [{ ...OFF, enabled: true, kind: 'flat' }, prepaidOfferMessages.amountRange],
      [{ ...OFF, kind: 'flat', amountOffPaise: 50 }, prepaidOfferMessages.amountRange],
      [{ ...OFF, kind: 'bogof' }, prepaidOfferMessages.kindChoice],
    ];
    for (const [body, message] of refusals) {
      const reply = await saveOffer(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json<{ message: string }>().message, JSON.stringify(body)).toContain(message);
    }

    const support = (await createStaffMember(app, { role: 'support' })).headers;
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/prepaid-offer', headers: support })).statusCode,
    ).toBe(200);
    expect((await saveOffer(FIVE_PERCENT_UP_TO_40, support)).statusCode).toBe(403);

    const saved = await saveOffer(FIVE_PERCENT_UP_TO_40);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PrepaidOfferReply>()).toMatchObject({
      message: prepaidOfferMessages.saved,
      settings: { ...FIVE_PERCENT_UP_TO_40, updatedBy: expect.any(String) },
    });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'prepaid_offer.update'))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      entityType: 'prepaid_offer_settings',
      before: { enabled: false, percentOff: null, maxDiscountPaise: null },
      after: { enabled: true, percentOff: 5, maxDiscountPaise: 4000 },
    });
    // Saving the same again changes nothing and records nothing.
    await saveOffer(FIVE_PERCENT_UP_TO_40);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'prepaid_offer.update'));
    expect(audits).toHaveLength(1);
    expect((await saveOffer(OFF)).statusCode).toBe(200);
  });
});

describe("the prepaid offer's money", () => {
  it('comes off after the code, is shown before PLACE ORDER, charged, recorded, invoiced and credited by a partial refund', async () => {
    expect((await saveOffer(FIVE_PERCENT_UP_TO_40)).statusCode).toBe(200);
    // 2 × ₹239 + ₹569 = ₹1,047, shipping free; 10 % off: ₹104.70 (₹47.80 and ₹56.90 by the lines' values),
    // leaving ₹942.30 (₹430.20 and ₹512.10); 5 % of that is ₹47.12, capped at ₹40: ₹18.26 and ₹21.74 (the
    // paisa left on the larger line). Online ₹902.30.
    const shopper = await newShopper(app, [
      { id: FACE_MITT, quantity: 2 },
      { id: NORMAL_SKIN, quantity: 1 },
    ]);
    const code = await tenPercentCode();
    const applied = await app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: shopper.headers,
      payload: { code },
    });
    expect(applied.statusCode, applied.body).toBe(200);

    const shown = await eligibilityOf(shopper);
    expect(shown).toMatchObject({ prepaidOfferPaise: 4000, onlineTotalPaise: 90_230 });
    // The amount before the offer is a stale page: refused, nothing written.
    const stale = await shopper.createOrder({ amount: 94_230, currency: 'INR' });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(paymentMessages.cartChanged);

    const orderId = await payOnline(shopper, shown.onlineTotalPaise);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      couponDiscountPaise: 10_470,
      prepaidDiscountPaise: 4000,
      shippingPaise: 0,
      totalPaise: 90_230,
    });
    expect(await sharesOf(orderId)).toEqual([
      [FACE_MITT, 4780, 1826],
      [NORMAL_SKIN, 5690, 2174],
    ]);

    // The record charges each line what was paid for it, with both shares beside it.
    const charges = [...(await moneyEntriesOf(app.db, [orderId])).values()]
      .flat()
      .filter((entry) => entry.kind === 'charge')
      .map((entry) => [entry.part, entry.amountPaise, entry.codeDiscountPaise, entry.prepaidDiscountPaise])
      .sort();
    expect(charges).toEqual([
      ['goods', 41_194, 4780, 1826],
      ['goods', 49_036, 5690, 2174],
    ]);
    const money = await moneyOfOrder(app.db, orderId);
    expect(money.charged).toMatchObject({
      codeDiscountPaise: 10_470,
      prepaidDiscountPaise: 4000,
      totalPaise: 90_230,
    });
    expect(money.collectedPaise).toBe(90_230);

    // The invoice's Discount column carries both shares; its lines add up to what was paid.
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice?.totalPaise).toBe(90_230);
    expect(invoice?.lines.map((line) => [line.discountPaise, line.totalPaise]).sort()).toEqual([
      [(39_900 - 23_900) * 2 + 4780 + 1826, 41_194],
      [94_900 - 56_900 + 5690 + 2174, 49_036],
    ]);

    // My Orders names it.
    const [mine] = (await shopper.myOrders()).filter((entry) => entry.orderId === orderId);
    expect(mine).toMatchObject({
      couponDiscountPaise: 10_470,
      prepaidDiscountPaise: 4000,
      totalPaise: 90_230,
    });
    expect(mine?.items.map((item) => item.prepaidSharePaise).sort()).toEqual([1826, 2174]);

    // The confirmation e-mail lists it under the code, and the total paid after both.
    expect(await sendQueuedOrderEmails(app, orderId)).toEqual(['confirmed']);
    const [confirmation] = await outboxOf(app, shopper.email);
    expect(confirmation?.body).toContain('Prepaid offer');
    expect(confirmation?.body).toContain('−₹40');
    expect(confirmation?.body).toContain('₹902.30');

    // A part refunded from the console: a credit note over the discounted lines, and the record's refund.
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { ...owner, 'idempotency-key': `prepaid-offer-${++keys}` },
      payload: { amountPaise: 10_000, reason: 'One mitt torn' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await moneyOfOrder(app.db, orderId);
    expect(after.refundedPaise).toBe(10_000);
    expect(after.netPaise).toBe(80_230);
    const [note] = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(note?.totalPaise).toBe(10_000);
    // Shared by what each line cost after both discounts: 10,000 × 41,194 / 90,230 and the rest.
    expect(note?.lines.map((line) => line.totalPaise).sort()).toEqual([4565, 5435]);
    expect(after.creditedPaise).toBe(10_000);

    const today = inIndia(new Date()).toISOString().slice(0, 10);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?from=${today}&to=${today}&q=${orderNumberOf(orderId)}`,
      headers: owner,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(
      rows.map((row) => [row['Coupon discount (INR)'], row['Prepaid offer (INR)'], row['Total (INR)']]),
    ).toEqual([['104.70', '40.00', '902.30']]);
  });

  it('takes a flat amount off a lone mitt, and never comes off a cash-on-delivery order', async () => {
    const flat: PrepaidOfferBody = { ...OFF, enabled: true, kind: 'flat', amountOffPaise: 5000 };
    expect((await saveOffer(flat)).statusCode).toBe(200);
    const cod: CodSettingsBody = {
      enabled: true,
      feePaise: 4900,
      minOrderPaise: 0,
      maxOrderPaise: 500_000,
      rtoLimit: 1,
      confirmHours: 24,
    };
    const codSaved = await app.inject({
      method: 'PUT',
      url: '/api/admin/cod-settings',
      headers: owner,
      payload: cod,
    });
    expect(codSaved.statusCode, codSaved.body).toBe(200);

    // ₹239 + ₹100 shipping = ₹339: online ₹50 less, ₹289; COD ₹339 + ₹49, no offer.
    const shopper = await newShopper(app, [{ id: FACE_MITT, quantity: 1 }], { phoneVerified: true });
    const shown = await eligibilityOf(shopper);
    expect(shown).toMatchObject({
      offered: true,
      prepaidOfferPaise: 5000,
      onlineTotalPaise: 28_900,
      codTotalPaise: 38_800,
      codCashPaise: 38_800,
    });

    const placed = await app.inject({
      method: 'POST',
      url: '/api/cod/place-order',
      headers: shopper.headers,
      payload: { expectedAmountPaise: 38_800 },
      remoteAddress: '10.9.0.1',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json<PlacedCodOrder>();
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/cod/confirm',
      headers: shopper.headers,
      remoteAddress: '10.9.0.1',
      payload: { orderId, otp: await latestOtp(app, shopper.mobile) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [order] = await app.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.paymentMethod, 'COD')));
    expect(order).toMatchObject({ prepaidDiscountPaise: 0, totalPaise: 38_800 });
    expect((await sharesOf(orderId)).map(([, , prepaid]) => prepaid)).toEqual([0]);
    expect((await moneyOfOrder(app.db, orderId)).charged).toMatchObject({
      prepaidDiscountPaise: 0,
      totalPaise: 38_800,
    });

    // The same mitt again, paid online: ₹289.
    await shopper.setCart([{ id: FACE_MITT, quantity: 1 }]);
    const online = await payOnline(shopper, 28_900);
    expect(await sharesOf(online)).toEqual([[FACE_MITT, 0, 5000]]);
    expect((await moneyOfOrder(app.db, online)).charged).toMatchObject({
      prepaidDiscountPaise: 5000,
      shippingPaise: 10_000,
      totalPaise: 28_900,
    });
    await saveOffer(OFF);
  });
});
