// npm run loadtest -- [URL] [--shoppers 200] [--seconds 60] [--ramp 10] [--think 1000]: virtual shoppers
// against a running shop with the simulators on (docs/operations.md#load-test). Each signs in once (spread over
// the ramp's seconds, as shoppers arrive), then loops browse → add to cart → checkout → pay with a pause
// between clicks, and the report gives each step's p50/p99, the throughput and the errors.
//
// The shoppers are written straight into the shop's database (DATABASE_URL, as the test factory does) with a
// password, then sign in through POST /api/auth/login like a browser; the shop must be started with its
// per-IP login limits raised, since every virtual shopper comes from this one address.
//
// npm run loadtest -- --sale [...]: the sale day instead (scripts/load/sale-day.ts,
// docs/operations.md#sale-day), which starts its own two shop processes.
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/passwords';
import { testProfile } from '../server/test/shopper-factory';
import { runSaleDay } from './load/sale-day';

if (process.argv.includes('--sale')) await runSaleDay(process.argv.slice(2));
else await runVirtualShoppers();

/** The virtual shoppers' loop against a running shop. */
async function runVirtualShoppers() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      shoppers: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '60' },
      ramp: { type: 'string', default: '10' },
      think: { type: 'string', default: '1000' },
    },
  });
  const baseUrl = (positionals[0] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const shopperCount = Number(values.shoppers);
  const durationMs = Number(values.seconds) * 1000;
  const rampMs = Number(values.ramp) * 1000;
  const thinkMs = Number(values.think);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error('DATABASE_URL: the database of the shop under test, to write its shoppers');

  const PASSWORD = 'load-test-mitten-42';
  const STEPS = ['home', 'catalogue', 'product', 'sign-in', 'add-to-cart', 'create-order', 'pay', 'confirm'];
  type Step = (typeof STEPS)[number];

  const latency = new Map<Step, RecordableHistogram>(STEPS.map((step) => [step, createHistogram()]));
  const errors = new Map<string, number>();
  let completedOrders = 0;
  let stopping = false;

  class StepError extends Error {}

  async function timed<T>(
    step: Step,
    run: () => Promise<Response>,
    read: (response: Response) => Promise<T>,
  ) {
    const started = process.hrtime.bigint();
    let response: Response;
    try {
      response = await run();
    } catch (error) {
      const key = `${step}: ${(error as Error).message}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
      throw new StepError(key);
    }
    const body = await read(response);
    latency.get(step)?.record(Math.max(1, Number(process.hrtime.bigint() - started)));
    if (!response.ok) {
      const key = `${step}: HTTP ${response.status}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
      throw new StepError(`${key} ${JSON.stringify(body).slice(0, 200)}`);
    }
    return body;
  }

  const json = (response: Response) => response.json() as Promise<Record<string, unknown>>;
  const text = (response: Response) => response.text();

  function post(path: string, body: unknown, token?: string) {
    return fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  /** Shoppers with a verified e-mail and the factory's address, sharing one password hash (hashing is slow). */
  async function writeShoppers(count: number): Promise<string[]> {
    const handle = await openDatabase({ url: databaseUrl, dataDir: 'unused with a URL' });
    try {
      const passwordHash = await hashPassword(PASSWORD);
      const run = `${Date.now()}`.slice(-6);
      const emails = Array.from({ length: count }, (_, index) => `load${run}-${index}@example.in`);
      await handle.db.insert(users).values(
        emails.map((email, index) => ({
          email,
          phone: `9${run}${String(index).padStart(3, '0')}`.slice(0, 10),
          passwordHash,
          ...testProfile,
          emailVerifiedAt: new Date(),
        })),
      );
      // Enough stock that the run measures the shop, not sold-out products.
      await handle.db.execute(sql`update products set stock = greatest(stock, 1000000) where active`);
      return emails;
    } finally {
      await handle.close();
    }
  }

  /** A shopper's pause between clicks, ±50% so the shoppers do not march in step. */
  const think = () => sleep(thinkMs * (0.5 + Math.random()));

  async function shopper(email: string, productIds: number[], arrivesAfterMs: number) {
    await sleep(arrivesAfterMs);
    const { token } = (await timed(
      'sign-in',
      () => post('/api/auth/login', { email, password: PASSWORD }),
      json,
    )) as { token: string };
    let round = 0;
    while (!stopping) {
      round += 1;
      try {
        await think();
        await timed('home', () => fetch(`${baseUrl}/`), text);
        await think();
        await timed('catalogue', () => fetch(`${baseUrl}/api/products`), text);
        const productId = productIds[round % productIds.length] ?? 1;
        await think();
        await timed('product', () => fetch(`${baseUrl}/api/products/${productId}`), text);
        await think();
        await timed(
          'add-to-cart',
          () => post('/api/cart/update', { cart: [{ id: productId, quantity: 1 }] }, token),
          text,
        );
        await think();
        const order = (await timed(
          'create-order',
          () => post('/api/payment/create-order', {}, token),
          json,
        )) as {
          id: string;
          key: string;
        };
        const paid = await timed(
          'pay',
          () =>
            post('/sim/razorpay/checkout/pay', {
              key: order.key,
              order_id: order.id,
              method: 'upi',
              vpa: 'success@razorpay',
            }),
          json,
        );
        await timed('confirm', () => post('/api/orders/create-with-payment', paid, token), json);
        completedOrders += 1;
      } catch (error) {
        if (!(error instanceof StepError)) throw error;
      }
    }
  }

  const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1).padStart(10);

  const catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as { products: { id: number }[] };
  const productIds = catalogue.products.map((product) => product.id);
  const emails = await writeShoppers(shopperCount);
  console.log(
    `${shopperCount} shoppers for ${durationMs / 1000} s (arriving over ${rampMs / 1000} s, ${thinkMs} ms between clicks) against ${baseUrl}`,
  );
  const started = performance.now();
  setTimeout(() => {
    stopping = true;
  }, durationMs);
  await Promise.all(
    emails.map((email, index) =>
      shopper(email, productIds, (rampMs * index) / shopperCount).catch(() => undefined),
    ),
  );
  const elapsedS = (performance.now() - started) / 1000;

  let requests = 0;
  console.log(
    `\n${'step'.padEnd(14)}${'count'.padStart(8)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'req/s'.padStart(8)}`,
  );
  for (const [step, histogram] of latency) {
    requests += histogram.count;
    console.log(
      `${step.padEnd(14)}${String(histogram.count).padStart(8)}${ms(histogram.percentile(50))}${ms(histogram.percentile(99))}${(histogram.count / elapsedS).toFixed(0).padStart(8)}`,
    );
  }
  const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `\n${requests} requests in ${elapsedS.toFixed(1)} s: ${(requests / elapsedS).toFixed(0)} req/s`,
  );
  console.log(`orders paid and confirmed: ${completedOrders} (${(completedOrders / elapsedS).toFixed(1)}/s)`);
  console.log(`errors: ${errorCount}`);
  for (const [key, count] of errors) console.log(`  ${count} × ${key}`);
  process.exitCode = errorCount > 0 ? 1 : 0;
}
