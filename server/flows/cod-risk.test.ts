import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CodEligibility, type CodSettingsBody, codMessages } from '../../contracts/cod';
import {
  type CodRiskOverview,
  type CodRiskSettingsBody,
  type CodRiskSettingsReply,
  codRiskMessages,
  codRiskSettingsMessages,
  ELIGIBILITY_CHECKS_PER_MINUTE,
} from '../../contracts/cod-risk';
import { auditLog, codRiskRefusals, orders } from '../db/schema';
import { DEFAULT_COD_RISK_SETTINGS } from '../modules/cod/cod-risk';
import { forgetOldCodRiskRefusals, recordCodRiskRefusal } from '../modules/cod/cod-risk-records';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { insertDeliveredOrders } from '../test/delivered-orders';
import { newShopper, type Shopper } from '../test/order-helpers';
import { createStaffMember } from '../test/staff-factory';

// docs/product.md#cod-risk-rules: each risk rule through the API, at checkout's eligibility and at COD PLACE
// ORDER, the owner's settings, and the console's RTO by pincode and refusals. The rules × inputs are
// server/modules/cod/cod-risk.test.ts.

let app: TestApp;
let owner: { authorization: string };

const FACE_MITT = 1; // ₹239 each; one with ₹100 shipping is ₹339, seven are ₹1,673 (free shipping)
const ONLINE_ONLY: CodRiskSettingsBody = { ...DEFAULT_COD_RISK_SETTINGS, advanceFor: 'none' };
const COD: CodSettingsBody = {
  enabled: true,
  feePaise: 4900,
  minOrderPaise: 0,
  maxOrderPaise: 500_000,
  rtoLimit: 1,
  confirmHours: 24,
};

beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
});
afterAll(() => app.closeAndDrop());
beforeEach(async () => {
  app.shiprocketSimulator?.reset();
  await put('/api/admin/cod-settings', COD);
  // The rules' refusals; their softening to an advance is docs/product.md#part-paid-cod's (cod-orders.test.ts).
  await saveRisk(ONLINE_ONLY);
});

async function put(url: string, payload: object, headers = owner) {
  const reply = await app.inject({ method: 'PUT', url, headers, payload });
  expect(reply.statusCode, reply.body).toBe(200);
}

function saveRiskReply(payload: object, headers = owner) {
  return app.inject({ method: 'PUT', url: '/api/admin/cod-risk-settings', headers, payload });
}

async function saveRisk(body: CodRiskSettingsBody) {
  const reply = await saveRiskReply(body);
  expect(reply.statusCode, reply.body).toBe(200);
}

function codShopper(lines = [{ id: FACE_MITT, quantity: 1 }], overrides = {}) {
  return newShopper(app, lines, { phoneVerified: true, ...overrides });
}

async function eligibility(shopper: Shopper): Promise<CodEligibility> {
  const reply = await app.inject({ method: 'GET', url: '/api/cod/eligibility', headers: shopper.headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<CodEligibility>();
}

function place(shopper: Shopper) {
  return app.inject({ method: 'POST', url: '/api/cod/place-order', headers: shopper.headers, payload: {} });
}

/** Refused by the rule with its message, at checkout and at PLACE ORDER (409, nothing stored). */
async function expectRefusedBy(shopper: Shopper, reason: string, message: string) {
  const answer = await eligibility(shopper);
  expect(answer.offered).toBe(false);
  expect(answer.refusals).toEqual([{ reason, message }]);
  const refused = await place(shopper);
  expect(refused.statusCode).toBe(409);
  expect(refused.json<{ message: string }>().message).toBe(message);
  const codOrders = await app.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, shopper.userId), eq(orders.paymentMethod, 'COD')));
  expect(codOrders).toEqual([]);
}

async function overview(headers = owner): Promise<CodRiskOverview> {
  const reply = await app.inject({ method: 'GET', url: '/api/admin/cod-risk', headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<CodRiskOverview>();
}

/** COD orders to the pincode that reached their end, written straight into the table: delivered and RTO. */
async function codHistoryAt(pincode: string, delivered: number, rtos: number) {
  const other = await codShopper([]);
  await insertDeliveredOrders(app.db, {
    userIds: Array.from({ length: delivered + rtos }, () => other.userId),
    productId: FACE_MITT,
  });
  // One shopper's orders: the factory answers one id a shopper, so they are found again by the shopper.
  const made = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, other.userId));
  const ids = made.map((row) => row.id);
  await app.db
    .update(orders)
    .set({
      paymentMethod: 'COD',
      paymentStatus: 'collected',
      shippingAddress: sql`jsonb_set(${orders.shippingAddress}, '{pincode}', to_jsonb(${pincode}::text))`,
    })
    .where(inArray(orders.id, ids));
  await app.db
    .update(orders)
    .set({ status: 'returned_to_origin', paymentStatus: 'cod_due' })
    .where(inArray(orders.id, ids.slice(0, rtos)));
}

describe('the COD risk rules in the console (owners, audited)', () => {
  it('start at the safe defaults, are saved by an owner with an audit row, refused to support, and checked', async () => {
    const support = (await createStaffMember(app, { role: 'support' })).headers;
    const read = await app.inject({ method: 'GET', url: '/api/admin/cod-risk-settings', headers: support });
    expect(read.json<CodRiskSettingsReply>().settings).toMatchObject({
      firstOrderLimitEnabled: true,
      firstOrderLimitPaise: 150_000,
      pincodeRtoEnabled: true,
      pincodeRtoWindow: 20,
      pincodeRtoMinSample: 10,
      pincodeRtoThresholdPercent: 40,
    });

    const changed = await saveRiskReply({ ...DEFAULT_COD_RISK_SETTINGS, firstOrderLimitPaise: 99_900 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: codRiskSettingsMessages.saved,
      settings: { firstOrderLimitPaise: 99_900 },
    });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'cod_risk_settings.update'))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      entityType: 'cod_risk_settings',
      before: { firstOrderLimitPaise: 150_000 },
      after: { firstOrderLimitPaise: 99_900 },
    });

    expect((await saveRiskReply(DEFAULT_COD_RISK_SETTINGS, support)).statusCode).toBe(403);
    const refusals: [object, string][] = [
      [{ pincodeRtoMinSample: 30 }, codRiskSettingsMessages.minSampleRange],
      [{ pincodeRtoWindow: 4 }, codRiskSettingsMessages.windowRange],
      [{ pincodeRtoThresholdPercent: 0 }, codRiskSettingsMessages.thresholdRange],
      [{ firstOrderLimitPaise: -100 }, codRiskSettingsMessages.firstOrderLimitRange],
      [{ firstOrderLimitPaise: 1.5 }, codRiskSettingsMessages.firstOrderLimitRange],
    ];
    for (const [change, message] of refusals) {
      const refused = await saveRiskReply({ ...DEFAULT_COD_RISK_SETTINGS, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(message);
    }
  });
});

describe('each risk rule at checkout and at PLACE ORDER', () => {
  it('first-order limit: a shopper with no delivered order pays online above ₹1,500; once one is delivered, COD', async () => {
    const shopper = await codShopper([{ id: FACE_MITT, quantity: 7 }]);
    await expectRefusedBy(shopper, 'first_order_limit', codRiskMessages.firstOrderLimit(150_000));
    expect(codRiskMessages.firstOrderLimit(150_000)).toBe(
      'On a first order, cash on delivery is available up to ₹1,500. Please pay online.',
    );

    await insertDeliveredOrders(app.db, { userIds: [shopper.userId], productId: FACE_MITT });
    expect(await eligibility(shopper)).toMatchObject({ offered: true, refusals: [] });
    expect((await eligibility(await codShopper())).offered).toBe(true); // ₹339: within the limit
  });

  it('pincode RTO rate: 40 % of the last orders at the pincode returned, with 10 or more, refuses COD there', async () => {
    const mumbai = { pincode: '400001', city: 'Mumbai', state: 'Maharashtra' };
    await codHistoryAt('400001', 6, 3); // 9 orders: too few to judge
    expect((await eligibility(await codShopper(undefined, mumbai))).offered).toBe(true);

    await codHistoryAt('400001', 0, 1); // 10 orders, 4 returned: 40 %
    const shopper = await codShopper(undefined, mumbai);
    await expectRefusedBy(shopper, 'pincode_rto_rate', codRiskMessages.pincodeRtoRate('400001'));

    await saveRisk({ ...DEFAULT_COD_RISK_SETTINGS, pincodeRtoThresholdPercent: 41 });
    expect((await eligibility(shopper)).offered).toBe(true);
    await saveRisk({ ...DEFAULT_COD_RISK_SETTINGS, pincodeRtoEnabled: false });
    expect((await eligibility(shopper)).offered).toBe(true);
  });

  it('minimum order value: below it refuses; ₹0 is off', async () => {
    const shopper = await codShopper();
    await put('/api/admin/cod-settings', { ...COD, minOrderPaise: 50_000 });
    await expectRefusedBy(shopper, 'below_minimum', codMessages.belowMinimum(50_000));
    await put('/api/admin/cod-settings', COD);
    expect((await eligibility(shopper)).offered).toBe(true);
  });
});

describe('asking whether COD is offered costs a script, not the shop', () => {
  it(`answers a shopper's ${ELIGIBILITY_CHECKS_PER_MINUTE + 1}th ask in a minute with 429, and another shopper still`, async () => {
    const shopper = await codShopper();
    const ask = (who: Shopper) =>
      app.inject({ method: 'GET', url: '/api/cod/eligibility', headers: who.headers });
    const replies = [];
    for (let asked = 0; asked < ELIGIBILITY_CHECKS_PER_MINUTE; asked++)
      replies.push((await ask(shopper)).statusCode);
    expect(new Set(replies)).toEqual(new Set([200]));
    expect((await ask(shopper)).statusCode).toBe(429);
    expect((await ask(await codShopper())).statusCode).toBe(200);
  });
});

describe('the console: RTO by pincode and who was refused by which rule', () => {
  it('lists the pincode with its rate and whether it is blocked, and the refusals, one row a shopper, rule and day', async () => {
    const jaipur = { pincode: '302001', city: 'Jaipur', state: 'Rajasthan' };
    await codHistoryAt('302001', 5, 5);
    const shopper = await codShopper(undefined, { ...jaipur, firstName: 'Ravi', lastName: 'Kumar' });
    await eligibility(shopper);
    await eligibility(shopper);
    expect((await place(shopper)).statusCode).toBe(409);

    const support = (await createStaffMember(app, { role: 'support' })).headers;
    const seen = await overview(support);
    expect(seen.pincodes).toContainEqual({
      pincode: '302001',
      codOrders: 10,
      rtos: 5,
      ratePercent: 50,
      blocked: true,
      outcome: 'online_only',
    });
    const mine = seen.refusals.filter((row) => row.userId === shopper.userId);
    expect(mine).toEqual([
      {
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        rule: 'pincode_rto_rate',
        userId: shopper.userId,
        shopper: `Ravi Kumar, ${shopper.mobile}`,
        pincode: '302001',
        orderPaise: 33_900,
        // Three checks within a minute count once.
        checks: 1,
      },
    ]);

    // The shopper's own record, in Download my data (docs/product.md#your-data).
    const exported = await app.inject({
      method: 'GET',
      url: '/api/auth/account/export',
      headers: shopper.headers,
    });
    expect(exported.json<{ cashOnDeliveryRefusals: unknown[] }>().cashOnDeliveryRefusals).toEqual([
      { day: mine[0]?.day, rule: 'pincode_rto_rate', pincode: '302001', orderPaise: 33_900, checks: 1 },
    ]);

    await saveRisk({ ...DEFAULT_COD_RISK_SETTINGS, pincodeRtoMinSample: 11, pincodeRtoWindow: 20 });
    expect((await overview()).pincodes).toContainEqual(
      expect.objectContaining({ pincode: '302001', blocked: false }),
    );
  });

  it('stays bounded: a repeat counts up its row once a minute, and no new row is written past the day’s cap', async () => {
    const [first, second, third] = [await codShopper([]), await codShopper([]), await codShopper([])];
    const start = Date.parse('2026-12-01T10:00:00Z');
    const note = (userId: string, minute: number) =>
      recordCodRiskRefusal(
        app.db,
        { rule: 'first_order_limit', userId, pincode: '560001', orderPaise: 200_000 },
        { now: new Date(start + minute * 60_000), maxPerDay: 2 },
      );
    for (let minute = 0; minute < 5; minute += 1) await note(first.userId, minute);
    for (let burst = 0; burst < 20; burst += 1) await note(first.userId, 4.5); // within the minute: not counted
    await note(second.userId, 0);
    await note(third.userId, 1); // past the cap: not written
    await note(second.userId, 2); // an existing row still counts up
    const rows = await app.db
      .select({ userId: codRiskRefusals.userId, checks: codRiskRefusals.checks })
      .from(codRiskRefusals)
      .where(eq(codRiskRefusals.day, '2026-12-01'));
    expect(rows.sort((a, b) => a.checks - b.checks)).toEqual([
      { userId: second.userId, checks: 2 },
      { userId: first.userId, checks: 5 },
    ]);
  });

  it('forgets refusals older than 90 days', async () => {
    const shopper = await codShopper([]);
    await app.db
      .insert(codRiskRefusals)
      .values([
        { day: '2020-01-01', rule: 'rto_limit', userId: shopper.userId, pincode: '560001', orderPaise: 100 },
      ]);
    expect(await forgetOldCodRiskRefusals(app.db)).toBe(1);
  });
});
