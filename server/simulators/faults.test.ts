import { afterEach, describe, expect, it } from 'vitest';
import { createRazorpayClient, RazorpayError } from '../providers/razorpay/client';
import { createShiprocketClient, ShiprocketError } from '../providers/shiprocket/client';
import { buildSimulatorApp, type SimulatorApp } from '../test/simulator-app';
import razorpaySimulator from './razorpay/plugin';
import shiprocketSimulator from './shiprocket/plugin';

// The adapters talk real HTTP to a listening simulator here: a time-out needs a socket to give up on.
let app: SimulatorApp | undefined;
afterEach(async () => {
  // Sockets the clients gave up on would keep close() waiting on the keep-alive timeout.
  app?.server.closeAllConnections();
  await app?.close();
  app = undefined;
});

async function listening(plugin: typeof razorpaySimulator) {
  app = await buildSimulatorApp(plugin);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const control = (path: string, method: 'POST' | 'GET' | 'DELETE', body?: unknown) =>
    fetch(`${address}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { app, address, control };
}

async function razorpay() {
  const server = await listening(razorpaySimulator);
  const sim = server.app.razorpaySimulator;
  if (!sim) throw new Error('the Razorpay simulator is not mounted');
  const client = createRazorpayClient({
    baseUrl: `${server.address}/sim/razorpay`,
    keyId: sim.keyId,
    keySecret: sim.keySecret,
    retryDelayMs: 1,
    timeoutMs: 200,
  });
  const order = await client.createOrder({ amount: 49_900, currency: 'INR', receipt: 'OM-1' });
  const faults = (body: unknown) => server.control('/sim/razorpay/control/faults', 'POST', body);
  return { ...server, client, order, faults };
}

describe('simulator fault controls', () => {
  it('fail the next N Razorpay calls with a 5xx, which a repeatable read retries past', async () => {
    const { client, order, faults, control } = await razorpay();
    expect((await faults({ kind: 'error', count: 2, endpoint: '/v1/orders', status: 502 })).status).toBe(200);
    expect((await client.fetchOrder(order.id)).id).toBe(order.id);
    const listed = await (await control('/sim/razorpay/control/faults', 'GET')).json();
    expect(listed.faults).toMatchObject([{ kind: 'error', remaining: 0, hit: 2 }]);
  });

  it('fail a call that is not safe to repeat at once, and only the endpoint named', async () => {
    const { client, order, faults } = await razorpay();
    await faults({ kind: 'error', endpoint: '/v1/orders', method: 'POST' });
    await expect(client.createOrder({ amount: 100, currency: 'INR', receipt: 'OM-2' })).rejects.toMatchObject(
      { kind: 'unavailable', status: 503 },
    );
    expect((await client.fetchOrder(order.id)).id).toBe(order.id);
  });

  it('hold a call past the client time-out, which gives up as unavailable; reset lets calls through', async () => {
    const { client, order, faults, control } = await razorpay();
    await faults({ kind: 'timeout', delayMs: 2_000 });
    const started = Date.now();
    const error = await client.fetchOrder(order.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RazorpayError);
    expect(error).toMatchObject({ kind: 'unavailable' });
    // Three tries of 200 ms each, not the simulator's minute.
    expect(Date.now() - started).toBeLessThan(5_000);
    await control('/sim/razorpay/control/faults', 'DELETE');
    expect((await client.fetchOrder(order.id)).id).toBe(order.id);
  });

  it('add latency without failing', async () => {
    const { client, order, faults } = await razorpay();
    await faults({ kind: 'latency', delayMs: 120, count: 1 });
    const started = Date.now();
    expect((await client.fetchOrder(order.id)).id).toBe(order.id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('refuse a fault that is not one', async () => {
    const { faults } = await razorpay();
    expect((await faults({ kind: 'explode' })).status).toBe(400);
    expect((await faults({ kind: 'error', count: 1, fraction: 0.5 })).status).toBe(400);
  });

  it('fail Shiprocket calls too: a read retries past them, a time-out gives up', async () => {
    const { app, address, control } = await listening(shiprocketSimulator);
    const sim = app.shiprocketSimulator;
    if (!sim) throw new Error('the Shiprocket simulator is not mounted');
    const client = createShiprocketClient({
      baseUrl: `${address}${sim.baseUrl}`,
      email: sim.email,
      password: sim.password,
      retryDelayMs: 1,
      timeoutMs: 200,
    });
    const query = { pickupPostcode: '110001', deliveryPostcode: '560001', weightKg: 0.2, cod: false };
    const faults = (body: unknown) => control('/sim/shipping/control/faults', 'POST', body);
    await faults({ kind: 'error', count: 2, endpoint: '/courier/serviceability' });
    expect(
      (await client.checkServiceability(query)).data?.available_courier_companies?.length,
    ).toBeGreaterThan(0);
    await faults({ kind: 'timeout', endpoint: '/courier/serviceability', delayMs: 2_000 });
    await expect(client.checkServiceability(query)).rejects.toBeInstanceOf(ShiprocketError);
    await control('/sim/shipping/control/faults', 'DELETE');
    expect(
      (await client.checkServiceability(query)).data?.available_courier_companies?.length,
    ).toBeGreaterThan(0);
  });
});
