import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShippingRateReply } from '../../../contracts/shipping';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { shiprocketSimulatorOf } from '../../test/order-helpers';
import { quoteShippingRate, SHIPPING_RATE_TIMEOUT_MS } from './shipping-rate';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => app.shiprocketSimulator?.reset());

const simulator = () => shiprocketSimulatorOf(app);

const rate = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/shipping/rate', payload: payload as object });

const standardDelivery: ShippingRateReply = { rates: [], rate: 0, courierName: 'Standard Delivery' };

describe('POST /api/shipping/rate', () => {
  it("gives Shiprocket's couriers in its order, and the first one's rate and name", async () => {
    const response = await rate({ pickupPincode: '110001', deliveryPincode: '560001', weight: '0.50' });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<ShippingRateReply>();

    const { data } = await app.shiprocket.client.checkServiceability({
      pickupPostcode: '110001',
      deliveryPostcode: '560001',
      weightKg: 0.5,
      cod: false,
    });
    expect(reply.rates.map((option) => [option.courierName, option.rate, option.courierId])).toEqual(
      data.available_courier_companies.map((option) => [
        option.courier_name,
        option.rate,
        option.courier_company_id,
      ]),
    );
    expect(reply.rates.length).toBeGreaterThan(1);
    expect(reply.rate).toBe(reply.rates[0]?.rate);
    expect(reply.courierName).toBe(reply.rates[0]?.courierName);
    expect(reply.rate).toBeGreaterThan(0);
    expect(reply.rates[0]).toMatchObject({
      estimatedDeliveryDays: expect.any(Number),
      etd: expect.any(String),
    });
  });

  it("quotes from the shop's pickup pincode when none is given, and takes the weight as a number too", async () => {
    const given = (await rate({ pickupPincode: '110001', deliveryPincode: '400001', weight: 1.25 })).json();
    const defaulted = await rate({ deliveryPincode: '400001', weight: '1.25' });
    expect(defaulted.statusCode).toBe(200);
    expect(defaulted.json<ShippingRateReply>().rates.map((option) => option.rate)).toEqual(
      given.rates.map((option: { rate: number }) => option.rate),
    );
  });

  it("falls back to 0 and 'Standard Delivery' when Shiprocket fails, and when no courier serves the pincode", async () => {
    simulator().failApi('unavailable');
    const down = await rate({ pickupPincode: '110001', deliveryPincode: '560001', weight: '0.50' });
    simulator().restoreApi();
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual(standardDelivery);

    const unserviceable = await rate({ pickupPincode: '110001', deliveryPincode: '990001', weight: '0.50' });
    expect(unserviceable.statusCode).toBe(200);
    expect(unserviceable.json()).toEqual(standardDelivery);
  });

  it.each([
    [{ deliveryPincode: '56001', weight: '0.50' }, 'deliveryPincode', 'Pincode must be 6 digits'],
    [{ deliveryPincode: 'abcdef', weight: '0.50' }, 'deliveryPincode', 'Pincode must be 6 digits'],
    [{ weight: '0.50' }, 'deliveryPincode', 'Pincode must be 6 digits'],
    [
      { pickupPincode: '011001', deliveryPincode: '560001', weight: '0.50' },
      'pickupPincode',
      'Pincode must be 6 digits',
    ],
    [{ deliveryPincode: '560001', weight: 'heavy' }, 'weight', 'Weight must be in kilograms'],
    [{ deliveryPincode: '560001', weight: '-1' }, 'weight', 'Weight must be in kilograms'],
    [{ deliveryPincode: '560001', weight: 0 }, 'weight', 'Weight must be in kilograms'],
    [{ deliveryPincode: '560001', weight: 500 }, 'weight', 'Weight must be in kilograms'],
    [{ deliveryPincode: '560001' }, 'weight', 'Weight must be in kilograms'],
  ])('refuses %j with a 400 naming %s', async (payload, field, message) => {
    const response = await rate(payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ message: string; errors: { field: string; message: string }[] }>();
    expect(body.message).toContain(message);
    expect(body.errors.map((error) => error.field)).toContain(field);
  });

  it('refuses a body that is not JSON with a 4xx', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/shipping/rate',
      headers: { 'content-type': 'application/json' },
      payload: '{"deliveryPincode":',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the rate time-out', () => {
  it('is 10 seconds (docs/product.md#numbers-and-timings), after which the quote is 0 and Standard Delivery', async () => {
    expect(SHIPPING_RATE_TIMEOUT_MS).toBe(10_000);
    const warnings: string[] = [];
    const neverAnswers = { checkServiceability: () => new Promise<never>(() => {}) };
    const started = Date.now();
    const reply = await quoteShippingRate(
      neverAnswers,
      { pickupPincode: '110001', deliveryPincode: '560001', weightKg: 0.5 },
      { warn: (_object, message) => warnings.push(message) },
      50,
    );
    expect(reply).toEqual(standardDelivery);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(warnings).toEqual(['shipping rate timed out']);
  });
});
