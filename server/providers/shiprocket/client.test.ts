import { describe, expect, it } from 'vitest';
import { createShiprocketClient, ShiprocketError } from './client';
import { shiprocketOrderDate, shiprocketWebhookTimestamp } from './ist-time';
import type { AdhocOrderInput } from './types';
import { SHIPPING_WEBHOOK_PATH, webhookUrlProblem } from './webhook';

const BASE_URL = 'https://apiv2.shiprocket.in/v1/external';

interface SeenRequest {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | Error;

/** A fetch that records each request and answers from `answer`, as Shiprocket's servers would. */
function fakeShiprocket(answer: (request: SeenRequest, index: number) => Answer) {
  const seen: SeenRequest[] = [];
  let logins = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const request: SeenRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    if (request.url === `${BASE_URL}/auth/login`) {
      logins += 1;
      return Response.json({ token: `token-${logins}` });
    }
    const reply = answer(request, seen.length - 1);
    if (reply instanceof Error) throw reply;
    return reply.body === undefined
      ? new Response(null, { status: reply.status })
      : Response.json(reply.body, { status: reply.status });
  };
  return { fetch, seen, calls: () => seen.filter((request) => !request.url.endsWith('/auth/login')) };
}

function clientFor(fake: ReturnType<typeof fakeShiprocket>, now = () => Date.UTC(2024, 6, 1)) {
  return createShiprocketClient({
    baseUrl: `${BASE_URL}/`,
    email: 'api-user@ottomanmittens.in',
    password: 'correct horse',
    fetch: fake.fetch,
    retryDelayMs: 1,
    now,
  });
}

const tracking = { tracking_data: { track_status: 0, error: 'no activities found' } };

const order: AdhocOrderInput = {
  order_id: 'OM-2024-0001',
  order_date: '2024-07-01 14:05',
  pickup_location: 'Primary',
  billing_customer_name: 'Priya',
  billing_last_name: 'Sharma',
  billing_address: '12 MG Road',
  billing_city: 'Bengaluru',
  billing_pincode: '560001',
  billing_state: 'Karnataka',
  billing_country: 'India',
  billing_email: 'priya@example.in',
  billing_phone: '9876543210',
  shipping_is_billing: true,
  order_items: [{ name: 'Ottoman Mitten', sku: 'OM-1', units: 1, selling_price: 599 }],
  payment_method: 'Prepaid',
  sub_total: 599,
  length: 20,
  breadth: 15,
  height: 3,
  weight: 0.5,
};

describe('the Shiprocket client on the wire', () => {
  it('logs in once, then sends the token as a Bearer to the documented paths', async () => {
    const fake = fakeShiprocket((request) =>
      request.url.includes('/serviceability/')
        ? {
            status: 200,
            body: {
              status: 200,
              data: { available_courier_companies: [], recommended_courier_company_id: null },
            },
          }
        : request.url.endsWith('/orders/cancel')
          ? { status: 204 }
          : { status: 200, body: tracking },
    );
    const client = clientFor(fake);

    await Promise.all([client.trackShipment(571), client.trackAwb('14900000000001')]);
    await client.checkServiceability({
      pickupPostcode: '110001',
      deliveryPostcode: '560001',
      weightKg: 0.5,
      cod: false,
    });
    await client.cancelOrders([640, 641]);

    expect(fake.seen[0]).toEqual({
      method: 'POST',
      url: `${BASE_URL}/auth/login`,
      authorization: null,
      body: { email: 'api-user@ottomanmittens.in', password: 'correct horse' },
    });
    expect(fake.seen.filter((request) => request.url.endsWith('/auth/login'))).toHaveLength(1);
    expect(fake.calls().map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ['GET', `${BASE_URL}/courier/track/shipment/571`, 'Bearer token-1'],
      ['GET', `${BASE_URL}/courier/track/awb/14900000000001`, 'Bearer token-1'],
      [
        'GET',
        `${BASE_URL}/courier/serviceability/?pickup_postcode=110001&delivery_postcode=560001&weight=0.5&cod=0`,
        'Bearer token-1',
      ],
      ['POST', `${BASE_URL}/orders/cancel`, 'Bearer token-1'],
    ]);
    expect(fake.calls()[3]?.body).toEqual({ ids: [640, 641] });
  });

  it('renews the token a day before its 10 days are up', async () => {
    const fake = fakeShiprocket(() => ({ status: 200, body: tracking }));
    let now = Date.UTC(2024, 6, 1);
    const client = clientFor(fake, () => now);
    await client.trackShipment(1);
    now += 8.9 * 86_400_000;
    await client.trackShipment(1);
    now += 0.2 * 86_400_000;
    await client.trackShipment(1);
    expect(fake.calls().map((request) => request.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('logs in again on a 401 and repeats the call once', async () => {
    const fake = fakeShiprocket((request) =>
      request.authorization === 'Bearer token-1'
        ? { status: 401, body: { message: 'Unauthenticated.' } }
        : {
            status: 200,
            body: { pickup_status: 1, response: { pickup_scheduled_date: 'x', pickup_token_number: 'y' } },
          },
    );
    const reply = await clientFor(fake).generatePickup(571);
    expect(reply.pickup_status).toBe(1);
    expect(fake.calls().map((request) => [request.url, request.authorization, request.body])).toEqual([
      [`${BASE_URL}/courier/generate/pickup`, 'Bearer token-1', { shipment_id: [571] }],
      [`${BASE_URL}/courier/generate/pickup`, 'Bearer token-2', { shipment_id: [571] }],
    ]);
  });

  it('retries a read that failed in transit, but never a create', async () => {
    const fake = fakeShiprocket((_request, index) =>
      index < 3 ? new TypeError('fetch failed') : { status: 200, body: tracking },
    );
    const client = clientFor(fake);
    await expect(client.createAdhocOrder(order)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(fake.calls()).toHaveLength(1);
    await expect(client.trackShipment(571)).resolves.toEqual(tracking);
    expect(fake.calls().map((request) => request.method)).toEqual(['POST', 'GET', 'GET']);
  });

  it.each([
    [500, 'unavailable'],
    [502, 'unavailable'],
    [429, 'unavailable'],
    [400, 'rejected'],
    [404, 'rejected'],
  ] as const)('calls a %i %s', async (status, kind) => {
    const fake = fakeShiprocket(() => ({
      status,
      body: { message: `status ${status}`, status_code: status },
    }));
    const error = await clientFor(fake)
      .trackAwb('1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ShiprocketError);
    expect(error).toMatchObject({ kind, status, message: `status ${status}` });
    expect(fake.calls()).toHaveLength(kind === 'unavailable' ? 3 : 1);
  });

  it('turns errors inside a 200 into rejections with their message', async () => {
    const fake = fakeShiprocket((request) =>
      request.url.endsWith('/assign/awb')
        ? {
            status: 200,
            body: {
              awb_assign_status: 0,
              response: { data: { awb_assign_error: 'Wallet balance is low.' } },
            },
          }
        : { status: 200, body: { pickup_status: 0, response: { data: 'Pickup could not be scheduled.' } } },
    );
    const client = clientFor(fake);
    await expect(client.assignAwb({ shipmentId: 571, courierId: 10 })).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Wallet balance is low.',
    });
    await expect(client.generatePickup(571)).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Pickup could not be scheduled.',
    });
    expect(fake.calls()[0]?.body).toEqual({ shipment_id: 571, courier_id: 10 });
  });

  it('returns the order a reused order_id already made, found by searching for it', async () => {
    const fake = fakeShiprocket((request) =>
      request.method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'Oops! Invalid Data.',
              errors: { order_id: ['The order id has already been taken.'] },
              status_code: 422,
            },
          }
        : {
            status: 200,
            body: {
              data: [
                {
                  id: 9,
                  channel_order_id: 'OM-2024-00010',
                  status: 'NEW',
                  status_code: 1,
                  shipments: [{ id: 90 }],
                },
                {
                  id: 8,
                  channel_order_id: 'OM-2024-0001',
                  status: 'READY TO SHIP',
                  status_code: 3,
                  shipments: [{ id: 80, awb: '14901234567890', courier: 'Delhivery Surface' }],
                },
              ],
            },
          },
    );
    const created = await clientFor(fake).createAdhocOrder(order);
    expect(created).toEqual({
      order_id: 8,
      shipment_id: 80,
      status: 'READY TO SHIP',
      status_code: 3,
      awb_code: '14901234567890',
      courier_company_id: null,
      courier_name: 'Delhivery Surface',
      alreadyExisted: true,
    });
    expect(fake.calls()[1]?.url).toBe(`${BASE_URL}/orders?search=OM-2024-0001`);
  });

  it('passes on a 422 with its field errors when nothing was created before', async () => {
    const fake = fakeShiprocket(() => ({
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { length: ['The length must be greater than 0.5.'] } },
    }));
    const error = await clientFor(fake)
      .createAdhocOrder({ ...order, length: 0.2 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 422,
      message: 'Oops! Invalid Data.',
      fieldErrors: { length: ['The length must be greater than 0.5.'] },
    });
    expect(fake.calls()).toHaveLength(1);
  });
});

describe('Shiprocket formats', () => {
  it('writes times in Indian Standard Time', () => {
    const moment = new Date('2024-07-01T20:43:52Z');
    expect(shiprocketOrderDate(moment)).toBe('2024-07-02 02:13');
    expect(shiprocketWebhookTimestamp(moment)).toBe('02 07 2024 02:13:52');
  });

  it('keeps the webhook path free of the words Shiprocket refuses', () => {
    expect(webhookUrlProblem(`https://ottomanmittens.in${SHIPPING_WEBHOOK_PATH}`)).toBeUndefined();
    expect(webhookUrlProblem('https://shop.example/api/sr-webhook')).toBe(
      'Shiprocket refuses webhook URLs containing "sr"',
    );
    expect(webhookUrlProblem('https://example.in/KartRocket')).toBe(
      'Shiprocket refuses webhook URLs containing "kartrocket"',
    );
  });
});
