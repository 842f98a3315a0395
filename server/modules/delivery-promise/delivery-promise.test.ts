import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  type DeliveryPromise,
  deliveryByLabel,
  indiaToday,
  promisedDeliveryDate,
  TRANSIT_DAYS,
} from '../../../contracts/delivery';
import { orders, shopSettings } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { newShopper, shiprocketSimulatorOf } from '../../test/order-helpers';
import { deliveryPromiseFor } from './delivery-promises';
import { createServiceabilityLookup } from './serviceability';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(async () => {
  shiprocketSimulatorOf(app).reset();
  app.deliveryPromises.lookup.forget();
  vi.restoreAllMocks();
  await app.db.update(shopSettings).set({ dispatchDays: 2 });
});

const promise = (pincode: string) => app.inject({ method: 'GET', url: `/api/delivery/${pincode}` });
const serviceabilityCalls = () => vi.spyOn(app.shiprocket.client, 'checkServiceability');

async function recommendedCourierDays(pincode: string): Promise<number> {
  const { data } = await app.shiprocket.client.checkServiceability({
    pickupPostcode: app.config.shipping.pickupPincode,
    deliveryPostcode: pincode,
    weightKg: 0.5,
    cod: false,
  });
  const recommended = data.available_courier_companies.find(
    (courier) => courier.courier_company_id === data.recommended_courier_company_id,
  );
  return Number(recommended?.estimated_delivery_days);
}

describe('GET /api/delivery/{pincode}', () => {
  it("promises the shop's dispatch days plus the recommended courier's days, from today in India", async () => {
    await app.db.update(shopSettings).set({ dispatchDays: 3 });
    const courierDays = await recommendedCourierDays('560001');
    const response = await promise('560001');
    expect(response.statusCode, response.body).toBe(200);
    const deliverBy = promisedDeliveryDate(new Date(), 3, courierDays);
    expect(response.json()).toEqual({
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
      serviceable: true,
      deliverBy,
      label: deliveryByLabel(deliverBy),
    });
    expect(response.json<{ label: string }>().label).toMatch(
      /^Delivery by [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2}$/,
    );
  });

  it('says a pincode no courier serves is not delivered to', async () => {
    for (const pincode of ['682551', '682555']) {
      const response = await promise(pincode);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        pincode,
        city: 'Lakshadweep District',
        state: 'Lakshadweep',
        serviceable: false,
        label: `We don't deliver to ${pincode} yet`,
      });
    }
  });

  it.each(['56001', '056001', 'abcdef', '5600011', '5600AB', '1234567', '000000', '012345'])(
    'refuses %s with a 400',
    async (pincode) => {
      const response = await promise(pincode);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('Pincode must be 6 digits');
    },
  );

  it("refuses a pincode India Post's directory does not list, before asking any courier", async () => {
    const calls = serviceabilityCalls();
    const response = await promise('999999');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "We could not find pincode 999999 in India Post's directory. Please check it.",
    });
    expect(calls).not.toHaveBeenCalled();
  });

  it('asks Shiprocket once per pincode, however many pages show the line', async () => {
    const calls = serviceabilityCalls();
    const replies = await Promise.all([promise('400001'), promise('400001')]);
    const again = await promise('400001');
    await promise('682551');
    await promise('682551');
    expect(new Set([...replies, again].map((reply) => reply.body)).size).toBe(1);
    expect(calls.mock.calls.map(([query]) => query.deliveryPostcode)).toEqual(['400001', '682551']);
  });

  it('gives the generic promise while Shiprocket fails, and asks again once it is back', async () => {
    shiprocketSimulatorOf(app).failApi('unavailable');
    const down = await promise('560001');
    expect(down.statusCode).toBe(200);
    const generic = promisedDeliveryDate(new Date(), 2, TRANSIT_DAYS);
    expect(down.json<DeliveryPromise>()).toMatchObject({ serviceable: true, deliverBy: generic });

    shiprocketSimulatorOf(app).restoreApi();
    const calls = serviceabilityCalls();
    const back = await promise('682551');
    expect(back.json<DeliveryPromise>().serviceable).toBe(false);
    expect(calls).toHaveBeenCalledTimes(1);
  });
});

describe('the promise when Shiprocket is slow', () => {
  it('does not wait past the time-out: the shopper gets the generic promise', async () => {
    let answered = 0;
    const lookup = createServiceabilityLookup({
      client: {
        checkServiceability: () => {
          answered += 1;
          return new Promise<never>(() => {});
        },
      },
      pickupPincode: '110001',
      log: { warn: () => {} },
      timeoutMs: 20,
    });
    const now = new Date('2026-11-23T06:00:00.000Z');
    const first = await deliveryPromiseFor(lookup, '560001', 2, now);
    expect(first).toEqual({
      pincode: '560001',
      serviceable: true,
      deliverBy: addDays(indiaToday(now), 2 + TRANSIT_DAYS),
      label: 'Delivery by Sun, 29 Nov',
    });
    expect(answered).toBe(1);
  });
});

describe('the day promised at checkout (docs/product.md#delivery-date)', () => {
  it('is kept on the order: the day the pincode line showed, however the rule or the courier change later', async () => {
    const asha = await newShopper(app, [{ id: 1, quantity: 1 }], { pincode: '560001', state: 'Karnataka' });
    const shown = (await promise('560001')).json<DeliveryPromise>();
    if (!shown.serviceable) throw new Error('560001 is served');

    const response = await asha.createOrder();
    expect(response.statusCode, response.body).toBe(200);
    const { orderId } = response.json<{ orderId: string }>();
    await app.db.update(shopSettings).set({ dispatchDays: 9 });
    const [order] = await app.db
      .select({ promised: orders.promisedDeliveryDate })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order?.promised).toBe(shown.deliverBy);
  });
});

describe('POST /api/payment/create-order to a pincode no courier serves', () => {
  it('is refused with the reason before any Razorpay order is made', async () => {
    const far = await newShopper(app, [{ id: 1, quantity: 1 }], { pincode: '682551', state: 'Lakshadweep' });
    const razorpayOrders = vi.spyOn(app.razorpay.client, 'createOrder');
    const response = await far.createOrder();
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      "We don't deliver to 682551 yet. Please change the delivery address to a pincode we deliver to.",
    );
    expect(await far.myOrders()).toEqual([]);
    expect(razorpayOrders).not.toHaveBeenCalled();
  });

  it('goes ahead when Shiprocket cannot say: the shipment job deals with the rare refusal', async () => {
    const asha = await newShopper(app);
    shiprocketSimulatorOf(app).failApi('unavailable');
    const response = await asha.createOrder();
    expect(response.statusCode, response.body).toBe(200);
  });
});
