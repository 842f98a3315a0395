// npm run loadtest -- --sale [--minutes 10] [--steps 5] [--checkouts 20] [--abandon 0.7] [--cancel 0.1]:
// a sale day (docs/operations.md#sale-day) against two shop processes on one PostgreSQL (DATABASE_URL, a fresh
// database) and one Razorpay simulator they share, in an open loop: every request leaves at its scheduled
// time, whatever the shop is doing, and the rates climb in steps over the minutes. Browsing (catalogue,
// products, HTML pages), add to cart and checkout, of which a share is abandoned and the rest paid through the
// simulator and confirmed, and a few of those cancelled. Prints each step's p50, p99 and errors per ramp step.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { products } from '../../server/db/schema';
import { insertShoppersWithCarts, randomCart } from '../../server/test/bulk-shoppers';
import { startSharedRazorpay } from '../../server/test/multi-process/shared-razorpay';
import { freePort, isHealthy } from '../../server/test/multi-process/shop-processes';
import {
  byLabel,
  type HttpRequest,
  httpSender,
  isError,
  type Outcome,
  runOpenLoop,
  type Sample,
  steps,
  summarize,
} from './open-loop';

/** Requests a second of each kind for every checkout a second: what a shopper does around one checkout. */
const MIX_PER_CHECKOUT = { catalogue: 3, product: 3, 'product page': 2, 'home page': 1, 'add to cart': 3 };
const CART_SHOPPERS = 5000;
const STEP_LABELS = [
  'home page',
  'product page',
  'catalogue',
  'product',
  'add to cart',
  'create-order',
  'pay (simulator)',
  'confirm',
  'cancel',
];

/** The shop as production runs it, simulators allowed, with the per-address limits that one client would trip. */
const SHOP_ENV = {
  NODE_ENV: 'production',
  ALLOW_SIMULATORS: 'true',
  JOB_WORKERS: 'true',
  ALTCHA_HMAC_KEY: 'load-test-challenge-key-0123456789abcdef',
  STAFF_SECRETS_KEY: 'load-test-staff-secrets-key-0123456789ab',
  AUTH_RATE_LIMIT_MAX: '1000000',
  CHALLENGE_AFTER_REQUESTS_PER_IP: '1000000',
  CHALLENGE_AFTER_REQUESTS_PER_ADDRESS: '1000000',
};

/** An error line of the shop's log, as its message and the end of its cause (the part that names it). */
function errorKindOf(line: string): string {
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string } };
    // "Failed query: <the SQL> params: <values>: deadlock detected": the cause is what follows the last colon.
    const cause = (entry.err?.message ?? '').split(': ').at(-1)?.slice(0, 160) ?? '';
    return `${entry.msg ?? ''}: ${entry.err?.type ?? ''} ${cause}`.trim();
  } catch {
    return line.slice(0, 200);
  }
}

/** A shop process as production starts it (the compiled server), healthy within `deadlineMs` or an error. */
async function startShop(env: Record<string, string>, children: ChildProcess[], deadlineMs = 180_000) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  // The log's errors (JSON lines on stdout) counted by kind, and anything on stderr.
  const errorKinds = new Map<string, number>();
  const count = (kind: string) => errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (/"level":(50|60)/.test(line)) count(errorKindOf(line));
  });
  child.stderr?.on('data', (chunk: Buffer) => count(`stderr: ${chunk.toString().trim().slice(0, 200)}`));
  const errors = () => [...errorKinds].map(([kind, times]) => `${times} × ${kind}`).join('\n');
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the shop on ${base} exited with ${child.exitCode}: ${errors()}`);
    if (await isHealthy(base)) return { base, errors };
    await sleep(250);
  }
  throw new Error(`the shop on ${base} did not start in ${deadlineMs / 1000} s: ${errors()}`);
}

async function stopShops(children: ChildProcess[]) {
  await Promise.all(
    children
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        return exited;
      }),
  );
}

export async function runSaleDay(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      sale: { type: 'boolean' },
      minutes: { type: 'string', default: '10' },
      steps: { type: 'string', default: '5' },
      checkouts: { type: 'string', default: '20' },
      abandon: { type: 'string', default: '0.7' },
      cancel: { type: 'string', default: '0.1' },
    },
  });
  const stepCount = Number(values.steps);
  const stepMs = (Number(values.minutes) * 60_000) / stepCount;
  const peakCheckouts = Number(values.checkouts);
  const abandonShare = Number(values.abandon);
  const cancelShare = Number(values.cancel);
  /** Checkouts a second at each step: an even climb to the peak. */
  const checkoutRates = Array.from(
    { length: stepCount },
    (_, step) => (peakCheckouts * (step + 1)) / stepCount,
  );
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: a fresh PostgreSQL database for the two shop processes');
  if (!existsSync('dist/web/index.html'))
    throw new Error('run `npm run build` first: the shop serves dist/web');

  const handle = await openDatabase({ url: databaseUrl, dataDir: 'unused with a URL' });
  const children: ChildProcess[] = [];
  let bases: string[] = [];
  const razorpay = await startSharedRazorpay(handle.db, () => bases);
  const sender = httpSender();
  try {
    const started = await Promise.all([
      startShop({ ...SHOP_ENV, ...razorpay.shopEnv, DATABASE_URL: databaseUrl }, children),
      startShop({ ...SHOP_ENV, ...razorpay.shopEnv, DATABASE_URL: databaseUrl }, children),
    ]);
    bases = started.map((shop) => shop.base);
    const razorpayBase = razorpay.shopEnv.RAZORPAY_BASE_URL;

    const productIds = (
      await handle.db.select({ id: products.id }).from(products).where(eq(products.active, true))
    ).map((row) => row.id);
    await handle.db.execute(sql`update products set stock = greatest(stock, 100000000) where active`);
    const checkoutsNeeded = checkoutRates.reduce((sum, rate) => sum + Math.floor((rate * stepMs) / 1000), 0);
    const cartShoppers = await insertShoppersWithCarts(handle.db, { count: CART_SHOPPERS, productIds });
    const checkoutShoppers = await insertShoppersWithCarts(handle.db, { count: checkoutsNeeded, productIds });
    console.log(
      `sale day: ${values.minutes} min in ${stepCount} steps of ${(stepMs / 1000).toFixed(0)} s, checkouts ${checkoutRates.map((rate) => rate.toFixed(1)).join(' → ')} a second (each with ${JSON.stringify(MIX_PER_CHECKOUT)} requests a second around it), ${Math.round(abandonShare * 100)}% abandoned, ${Math.round(cancelShare * 100)}% of paid ones cancelled; shops ${bases.join(', ')}`,
    );

    let turn = 0;
    /** The next shop process in turn, as a round-robin load balancer would pick. */
    const nextBase = () => {
      turn += 1;
      return bases[turn % bases.length] ?? '';
    };
    let cartTurn = 0;
    /** Each cart shopper in turn: one shopper's updates far apart, never two of them at once. */
    const nextCartShopper = () => {
      cartTurn += 1;
      return cartShoppers[cartTurn % cartShoppers.length];
    };
    const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];
    const startMs = performance.now();
    const stepOf = (atMs: number) => Math.min(stepCount - 1, Math.floor((atMs - startMs) / stepMs));
    /** Requests sent because of a reply (pay, confirm, cancel): timed from when they went out. */
    const followUps: Sample[] = [];
    const chains: Promise<void>[] = [];
    const followUp = async (request: HttpRequest, parseJson = false) => {
      const sentMs = performance.now();
      const outcome = await sender.send(request, parseJson);
      followUps.push({
        label: request.label ?? 'request',
        scheduledMs: sentMs,
        sentMs,
        endMs: performance.now(),
        status: outcome.status,
        detail: outcome.detail,
      });
      return outcome;
    };
    const paid = { orders: 0, cancelled: 0 };

    async function payAndConfirm(
      base: string,
      token: string,
      order: { id: string; key: string; orderId: string },
    ) {
      const payment = await followUp(
        {
          base: razorpayBase,
          method: 'POST',
          path: `${new URL(razorpayBase).pathname}/checkout/pay`,
          body: JSON.stringify({
            key: order.key,
            order_id: order.id,
            method: 'upi',
            vpa: 'success@razorpay',
          }),
          label: 'pay (simulator)',
        },
        true,
      );
      if (!payment.json) return;
      const headers = { authorization: `Bearer ${token}` };
      const confirmed = await followUp(
        {
          base,
          method: 'POST',
          path: '/api/orders/create-with-payment',
          headers,
          body: JSON.stringify(payment.json),
          label: 'confirm',
        },
        true,
      );
      if (!confirmed.json) return;
      paid.orders += 1;
      if (Math.random() >= cancelShare) return;
      const cancelled = await followUp({
        base,
        method: 'POST',
        path: `/api/orders/cancel/${order.orderId}`,
        headers,
        body: '{}',
        label: 'cancel',
      });
      if (cancelled.status === 200) paid.cancelled += 1;
    }

    let nextCheckout = 0;
    const checkout = async (): Promise<Outcome> => {
      const shopper = checkoutShoppers[nextCheckout];
      nextCheckout += 1;
      if (!shopper) throw new Error('more checkouts than shoppers written for them');
      const base = nextBase();
      const outcome = await sender.send(
        {
          base,
          method: 'POST',
          path: '/api/payment/create-order',
          headers: { authorization: `Bearer ${shopper.token}` },
          body: '{}',
          label: 'create-order',
        },
        true,
      );
      const order = outcome.json as { id: string; key: string; orderId: string } | undefined;
      if (order && Math.random() >= abandonShare) chains.push(payAndConfirm(base, shopper.token, order));
      return outcome;
    };
    const browse: Record<keyof typeof MIX_PER_CHECKOUT, () => Promise<Outcome>> = {
      catalogue: () =>
        sender.send({ base: nextBase(), method: 'GET', path: '/api/products', label: 'catalogue' }),
      product: () =>
        sender.send({
          base: nextBase(),
          method: 'GET',
          path: `/api/products/${pick(productIds)}`,
          label: 'product',
        }),
      'product page': () =>
        sender.send({
          base: nextBase(),
          method: 'GET',
          path: `/product/${pick(productIds)}`,
          label: 'product page',
        }),
      'home page': () => sender.send({ base: nextBase(), method: 'GET', path: '/', label: 'home page' }),
      'add to cart': () =>
        sender.send({
          base: nextBase(),
          method: 'POST',
          path: '/api/cart/update',
          headers: { authorization: `Bearer ${nextCartShopper()?.token}` },
          body: JSON.stringify({ cart: randomCart(productIds) }),
          label: 'add to cart',
        }),
    };
    const ramp = (perCheckout: number) =>
      steps(checkoutRates.map((rate) => ({ rate: rate * perCheckout, durationMs: stepMs })));
    const runs = await Promise.all([
      runOpenLoop({ offsets: ramp(1), send: checkout }),
      ...Object.entries(browse).map(([kind, send]) =>
        runOpenLoop({ offsets: ramp(MIX_PER_CHECKOUT[kind as keyof typeof MIX_PER_CHECKOUT]), send }),
      ),
    ]);
    await Promise.all(chains);
    const samples = [...runs.flatMap((run) => run.samples), ...followUps];
    const elapsedS = (performance.now() - startMs) / 1000;
    report(samples, { stepOf, checkoutRates, stepCount });
    const errors = samples.filter(isError).length;
    console.log(
      `\n${samples.length} requests in ${elapsedS.toFixed(0)} s; ${checkoutsNeeded} checkouts, ${paid.orders} paid and confirmed, ${paid.cancelled} of them cancelled; ${errors} errors`,
    );
    const shopErrors = started
      .map((shop) => (shop.errors() ? `${shop.base}:\n${shop.errors()}` : ''))
      .filter(Boolean);
    if (shopErrors.length > 0) console.log(`the shops' logged errors, by kind:\n${shopErrors.join('\n')}`);
    process.exitCode = errors > 0 ? 1 : 0;
  } finally {
    sender.close();
    await stopShops(children);
    await razorpay.close();
    await handle.close();
  }
}

function report(
  samples: Sample[],
  {
    stepOf,
    checkoutRates,
    stepCount,
  }: { stepOf: (atMs: number) => number; checkoutRates: number[]; stepCount: number },
) {
  const ms = (value: number) => value.toFixed(0).padStart(8);
  for (let step = 0; step < stepCount; step += 1) {
    const inStep = samples.filter((sample) => stepOf(sample.scheduledMs) === step);
    const groups = byLabel(inStep);
    console.log(
      `\nstep ${step + 1} of ${stepCount}: ${checkoutRates[step]?.toFixed(1)} checkouts a second\n${'  request'.padEnd(20)}${'count'.padStart(8)}${'errors'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}`,
    );
    for (const label of STEP_LABELS) {
      const group = groups.get(label);
      if (!group) continue;
      const summary = summarize(group);
      console.log(
        `  ${label.padEnd(18)}${String(summary.count).padStart(8)}${String(summary.errors).padStart(8)}${ms(summary.p50)}${ms(summary.p99)}${summary.sendLag.behind ? `  generator behind (sends late by ${summary.sendLag.p99.toFixed(0)} ms at p99)` : ''}`,
      );
      for (const example of summary.errorExamples) console.log(`      ${example}`);
    }
  }
}
