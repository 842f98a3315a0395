import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app';

// docs/architecture.md#security: the dev outbox holds every OTP, and the simulators' controls switch payments
// off; in production they are never open to anyone, whatever ALLOW_SIMULATORS says.

const TOKEN = 'staging-dev-tools-token-0123456789';
const failApi = {
  method: 'POST',
  url: '/sim/razorpay/control/fail-api',
  payload: { mode: 'unavailable' },
} as const;
// docs/operations.md#shipping-simulator-controls: an empty body is refused (400) where the control exists.
const moveParcel = { method: 'POST', url: '/sim/shipping/control/move', payload: {} } as const;

describe('dev tools in production with ALLOW_SIMULATORS=true and no DEV_TOOLS_TOKEN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ env: 'production', allowSimulators: true, jobWorkers: false });
  });
  afterAll(() => app.closeAndDrop());

  it('has no dev outbox and no simulator controls', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await app.inject(failApi)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sim/razorpay/control/webhooks' })).statusCode).toBe(404);
    expect((await app.inject(moveParcel)).statusCode).toBe(404);
    expect(
      (await app.inject({ ...moveParcel, payload: { shipmentId: 1, to: 'delivered' } })).statusCode,
    ).toBe(404);
  });

  it('keeps the simulated provider itself working', async () => {
    const script = await app.inject({ method: 'GET', url: '/sim/razorpay/checkout.js' });
    expect(script.statusCode).toBe(200);
    const order = await app.razorpay.client.createOrder({ amount: 100_00, currency: 'INR', receipt: 'r-1' });
    expect(order.id).toMatch(/^order_/);
    expect(app.razorpaySimulator?.keyId).toMatch(/^rzp_test_/);
  });
});

// The shop's refusal to start, not the simulator's: while no other app of this file holds the worker's database.
describe('simulators in production without ALLOW_SIMULATORS', () => {
  it('stop the shop from starting', async () => {
    await expect(
      buildTestApp({ env: 'production', allowSimulators: false, jobWorkers: false }),
    ).rejects.toThrow('Razorpay has no keys configured and its simulator is off');
  });
});

describe('dev tools in production with DEV_TOOLS_TOKEN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      env: 'production',
      allowSimulators: true,
      devToolsToken: TOKEN,
      jobWorkers: false,
    });
  });
  afterAll(() => app.closeAndDrop());

  it('answers only requests carrying the token', async () => {
    for (const headers of [{}, { 'x-dev-tools-token': 'wrong' }, { 'x-dev-tools-token': `${TOKEN}x` }]) {
      expect((await app.inject({ method: 'GET', url: '/api/dev/outbox', headers })).statusCode).toBe(404);
      expect((await app.inject({ ...failApi, headers })).statusCode).toBe(404);
      expect((await app.inject({ ...moveParcel, headers })).statusCode).toBe(404);
    }
    const headers = { 'x-dev-tools-token': TOKEN };
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/dev/outbox', headers })).statusCode).toBe(200);
    expect((await app.inject({ ...failApi, headers })).statusCode).toBe(200);
    expect((await app.inject({ ...moveParcel, headers })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/sim/razorpay/control/restore-api', headers })).statusCode,
    ).toBe(200);
  });
});

describe('dev tools in tests and development', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ jobWorkers: false });
  });
  afterAll(() => app.closeAndDrop());

  it('are open without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/sim/razorpay/control/reset' })).statusCode).toBe(200);
  });
});
