// npm run bench [-- --runs 3 --seconds 10 --abandoned 100000 --soak 15]: docs/operations.md#bench. The
// catalogue's throughput beside a bare Fastify route sending the same bytes, and the gzipped JavaScript the
// home page loads; with DATABASE_URL (PostgreSQL) also add to cart's throughput beside a bare route running
// the same SQL, add to cart at 400/s and create-order at 200/s in an open loop (latency from each request's
// scheduled time) with a new shopper per checkout and abandoned checkouts holding stock, the shop's event-loop
// stalls, and with --soak its memory over a steady mix; with PostgreSQL too, a phone's 12-megapixel return
// photo uploaded (its CPU time) while a product page is polled (docs/operations.md#bench-uploads; `--only
// uploads` runs that figure alone). Each figure is the median of several runs, printed with the load
// average, beside its goal.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase } from '../server/db/client';
import { products } from '../server/db/schema';
import { insertAbandonedCheckouts } from '../server/test/abandoned-checkouts';
import { type BulkShopper, insertShoppersWithCarts, randomCart } from '../server/test/bulk-shoppers';
import { insertDeliveredOrders } from '../server/test/delivered-orders';
import {
  byLabel,
  fixedRate,
  formatSummary,
  httpSender,
  type OpenLoopRun,
  type Outcome,
  runOpenLoop,
  type Sample,
  type Summary,
  summarize,
} from './load/open-loop';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    abandoned: { type: 'string', default: process.env.BENCH_ABANDONED ?? '100000' },
    soak: { type: 'string', default: '0' },
    only: { type: 'string', default: '' },
  },
});
/** `--only uploads`: the return-photo figure alone, without the catalogue, cart and checkout figures. */
const ONLY_UPLOADS = args.only === 'uploads';
const RUNS = Number(args.runs);
const DURATION_S = Number(args.seconds);
const ABANDONED = Number(args.abandoned);
const SOAK_MINUTES = Number(args.soak);
const WARM_UP_S = 2;
const SHOWN_STALLS = 10;
const CONNECTIONS = 20;
const DATABASE_CONNECTIONS = 10;
const CART_SHOPPERS = 4000;
const CART_RATE = 400;
const CHECKOUT_RATE = 200;
/** The soak's steady mix, per second: a busy hour rather than a sale's peak. */
const SOAK_MIX = { catalogue: 40, home: 10, addToCart: 40, createOrder: 10 };
// docs/operations.md#performance-budget: the budget `npm run size` holds CI to.
const HOME_BUDGET_KB = 96.5;
/** docs/operations.md#bench-uploads: the product page's requests a second while photos are uploaded. */
const PAGE_POLL_RATE = 20;
const PAGE_GOAL_MS = 100;
/** Uploaders at once: more than the one picture the shop renders at a time, so its queue is part of the figure. */
const UPLOADERS = 2;
const UPLOAD_SHOPPERS = 200;
const databaseUrl = process.env.DATABASE_URL;

interface Running {
  port: number;
  child: ChildProcess;
  /** Each line the server printed, with when it arrived (performance.now()). */
  lines: { atMs: number; text: string }[];
}

function startServer(args: string[]): Promise<Running> {
  // Node itself with tsx's loader, not `npx tsx`: a signal to npx would leave the server running.
  // BENCH_CPU_PROF=<dir> writes each server's CPU profile there, to see where a run's time went.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
    : [];
  // --expose-gc: the soak asks for a full collection before each reading of the shop's memory (below).
  const node = [...profile, '--expose-gc', '--import', 'tsx', 'scripts/bench-server.ts', ...args];
  const child = spawn(process.execPath, node, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: Running['lines'] = [];
  let buffered = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      const atMs = performance.now();
      lines.push(...complete.map((text) => ({ atMs, text })));
      const port = complete.map((line) => /^listening (\d+)/.exec(line)?.[1]).find(Boolean);
      if (port) resolve({ port: Number(port), child, lines });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** Asks the shop for a full collection and waits for the memory it reports after it (`settle`). */
function settledMemory(server: Running): Promise<void> {
  const before = linesOf(server, 'settled-memory').length;
  return new Promise((resolve) => {
    const check = () => {
      if (linesOf(server, 'settled-memory').length === before) return;
      server.child.stdout?.off('data', check);
      resolve();
    };
    server.child.stdout?.on('data', check);
    server.child.stdin?.write('settle\n');
  });
}

/** Stops the server; its last words (the event-loop report) are in `lines` afterwards. */
function stop({ child }: Running): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function linesOf(server: Running, prefix: string) {
  return server.lines
    .filter((line) => line.text.startsWith(`${prefix} `))
    .map((line) => ({ atMs: line.atMs, text: line.text.slice(prefix.length + 1) }));
}

/** The 1, 5 and 15 minute load averages, as /proc/loadavg gives them. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** Closed loop, as fast as the server answers: a throughput figure, in requests per second. */
async function throughput(options: autocannon.Options): Promise<number> {
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

interface ThroughputRun {
  shop: number;
  bare: number;
  load: string;
}

/** Shop, then bare, `RUNS` times over after a warm-up of each, so both see the same machine. */
async function sideBySide(shop: autocannon.Options, bare: autocannon.Options): Promise<ThroughputRun[]> {
  await autocannon({ ...shop, duration: WARM_UP_S });
  await autocannon({ ...bare, duration: WARM_UP_S });
  const runs: ThroughputRun[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const shopRps = await throughput(shop);
    const bareRps = await throughput(bare);
    runs.push({ shop: shopRps, bare: bareRps, load: loadAverage() });
  }
  return runs;
}

function reportSideBySide(name: string, runs: ThroughputRun[]) {
  const shop = median(runs.map((run) => run.shop));
  const bare = median(runs.map((run) => run.bare));
  const ratio = shop / bare;
  console.log(
    `${name}: shop ${shop.toFixed(0)} req/s, bare ${bare.toFixed(0)} req/s (medians of ${runs.length}); ratio ${ratio.toFixed(2)}, goal 0.80 or better: ${verdict(ratio >= 0.8)}`,
  );
  for (const [index, run] of runs.entries())
    console.log(
      `  run ${index + 1}: shop ${run.shop.toFixed(0)}, bare ${run.bare.toFixed(0)}, ratio ${(run.shop / run.bare).toFixed(2)}, load average ${run.load}`,
    );
}

/** POSTs of a random cart of 1-7 lines, each by a random one of `shoppers` (closed loop, for throughput). */
function addToCartPosts(
  url: string,
  shoppers: readonly BulkShopper[],
  productIds: number[],
): autocannon.Options {
  let turn = 0;
  return {
    url,
    connections: DATABASE_CONNECTIONS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          turn = (turn + 1) % shoppers.length;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${shoppers[turn]?.token}` },
            body: JSON.stringify({ cart: randomCart(productIds) }),
          };
        },
      },
    ],
  };
}

interface FixedRateRun {
  summary: Summary;
  load: string;
}

/** An open-loop figure: `RUNS` runs after a warm-up, each summarised with the load average at its end. */
async function fixedRateRuns(rate: number, request: () => Promise<Outcome>) {
  const send = () => request();
  await runOpenLoop({ offsets: fixedRate(rate, WARM_UP_S * 1000), send });
  const runs: FixedRateRun[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { samples } = await runOpenLoop({ offsets: fixedRate(rate, DURATION_S * 1000), send });
    runs.push({ summary: summarize(samples), load: loadAverage() });
  }
  return runs;
}

function reportFixedRate(name: string, runs: FixedRateRun[], goalMs: number) {
  const p99 = median(runs.map((run) => run.summary.p99));
  const errors = runs.reduce((sum, run) => sum + run.summary.errors, 0);
  const behind = runs.some((run) => run.summary.sendLag.behind);
  console.log(
    `${name}: p99 ${p99.toFixed(1)} ms (median of ${runs.length}), ${errors} errors; goal p99 ${goalMs} ms or less with 0 errors: ${verdict(p99 <= goalMs && errors === 0)}${behind ? ' (the generator fell behind in a run: see below)' : ''}`,
  );
  for (const [index, run] of runs.entries())
    console.log(`  run ${index + 1}: ${formatSummary(run.summary)}, load average ${run.load}`);
}

/**
 * The gzipped JavaScript the home page loads: what it asks for before its load event (the first load, which
 * the budget is for) and what it fetches afterwards (chunks preloaded once the browser is idle).
 */
async function homePageJavaScriptBytes(
  baseUrl: string,
): Promise<{ files: [string, number, 'first load' | 'after load'][]; firstLoad: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  const sizes = new Map<string, number>();
  let files: [string, number, 'first load' | 'after load'][] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          sizes.set(response.url(), gzipSync(body, { level: 9 }).length);
        }),
      );
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const requested = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance.getEntriesByType('resource').map((entry) => ({
        url: entry.name,
        firstLoad: entry.startTime < (navigation?.loadEventStart ?? 0),
      }));
    });
    files = requested.flatMap(({ url, firstLoad }) => {
      const bytes = sizes.get(url);
      return bytes === undefined
        ? []
        : [[new URL(url).pathname, bytes, firstLoad ? 'first load' : 'after load'] as const];
    });
  } finally {
    await browser.close();
  }
  const firstLoad = files.reduce((sum, [, bytes, when]) => (when === 'first load' ? sum + bytes : sum), 0);
  return { files, firstLoad };
}

/** The clock ticks a second of /proc's CPU times. */
function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
}
const CLOCK_TICKS = clockTicks();

/** CPU seconds (user and system, all threads: sharp's included) a process has used so far. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * A phone's photo as a shopper sends it: 4,000 × 3,000 (12 megapixels), a JPEG at quality 90 of smooth shapes
 * under fine grain (so it compresses as a photo does, about 4.5 MB), taken sideways (EXIF orientation 6).
 */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const shapes = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const smooth = await sharp(shapes).resize(width, height, { kernel: 'cubic' }).blur(3).png().toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(smooth)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

interface UploadRun {
  status: number;
  ms: number;
  cpuSeconds: number;
}

interface UploadFigure {
  photoBytes: number;
  alone: UploadRun[];
  pageAlone: FixedRateRun[];
  pageDuring: (FixedRateRun & { uploads: UploadRun[] })[];
  /** The upload shop's event loop over the whole figure. */
  loop: { p99Ms?: number; maxMs?: number; stalls?: { atMs: number; ms: number }[] };
}

/**
 * docs/operations.md#bench-uploads: return photos of a phone's size, sent by shoppers with a delivered order,
 * first one at a time alone (each upload's time and the shop's CPU seconds for it), then `UPLOADERS` at a
 * time while the product page is requested at PAGE_POLL_RATE a second in an open loop, beside the same page
 * with no upload running.
 */
async function uploadFigure(url: string, sender: ReturnType<typeof httpSender>): Promise<UploadFigure> {
  // A shop process of its own (the figures before it leave its event loop and heap alone), started first: it
  // migrates and seeds an empty database.
  const server = await startServer(['app']);
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const pid = server.child.pid ?? 0;
  const shoppers = await timedSetUp(`${UPLOAD_SHOPPERS} shoppers with a delivered order each`, async () => {
    const handle = await openDatabase({ url, dataDir: 'unused with a URL' });
    try {
      const productIds = (
        await handle.db.select({ id: products.id }).from(products).where(eq(products.active, true))
      ).map((row) => row.id);
      const made = await insertShoppersWithCarts(handle.db, {
        count: UPLOAD_SHOPPERS,
        productIds,
        withCarts: false,
      });
      const orderIds = await insertDeliveredOrders(handle.db, {
        userIds: made.map((shopper) => shopper.userId),
        productId: productIds[0] ?? 1,
      });
      return made.map((shopper, index) => ({ token: shopper.token, orderId: orderIds[index] ?? '' }));
    } finally {
      await handle.close();
    }
  });
  const photo = await timedSetUp('a 12-megapixel phone photo', phonePhoto);
  let turn = 0;
  const upload = async (): Promise<UploadRun> => {
    const shopper = shoppers[turn++ % shoppers.length];
    const started = performance.now();
    const cpu = cpuSecondsOf(pid);
    const response = await fetch(`${baseUrl}/api/orders/${shopper?.orderId}/return-photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper?.token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started, cpuSeconds: cpuSecondsOf(pid) - cpu };
  };
  await upload();
  const alone: UploadRun[] = [];
  for (let run = 0; run < Math.max(RUNS, 3); run += 1) alone.push(await upload());
  const page = () => sender.send({ base: baseUrl, method: 'GET', path: '/product/1', label: 'product page' });
  const pageAlone = await fixedRateRuns(PAGE_POLL_RATE, page);
  const pageDuring: UploadFigure['pageDuring'] = [];
  for (let run = 0; run < RUNS; run += 1) {
    let polling = true;
    const uploads: UploadRun[] = [];
    const uploaders = Array.from({ length: UPLOADERS }, async () => {
      while (polling) uploads.push(await upload());
    });
    const { samples } = await runOpenLoop({
      offsets: fixedRate(PAGE_POLL_RATE, DURATION_S * 1000),
      send: page,
    });
    polling = false;
    await Promise.all(uploaders);
    pageDuring.push({ summary: summarize(samples), load: loadAverage(), uploads });
  }
  await stop(server);
  const loop = JSON.parse(linesOf(server, 'event-loop')[0]?.text || '{}') as UploadFigure['loop'];
  return { photoBytes: photo.length, alone, pageAlone, pageDuring, loop };
}

function reportUploads({ photoBytes, alone, pageAlone, pageDuring, loop }: UploadFigure) {
  const mb = (photoBytes / 1e6).toFixed(1);
  const refused = [...alone, ...pageDuring.flatMap((run) => run.uploads)].filter((run) => run.status !== 201);
  console.log(
    `return photo, 12 MP JPEG of ${mb} MB, one at a time: ${median(alone.map((run) => run.ms)).toFixed(0)} ms, ${median(alone.map((run) => run.cpuSeconds)).toFixed(2)} CPU s of the shop each (median of ${alone.length}; ${alone.map((run) => `${run.ms.toFixed(0)} ms / ${run.cpuSeconds.toFixed(2)} s`).join(', ')})${refused.length > 0 ? `; ${refused.length} uploads answered ${[...new Set(refused.map((run) => run.status))].join(', ')}` : ''}`,
  );
  const p99 = median(pageDuring.map((run) => run.summary.p99));
  const errors = pageDuring.reduce((sum, run) => sum + run.summary.errors, 0);
  console.log(
    `product page (/product/1) at ${PAGE_POLL_RATE}/s while ${UPLOADERS} shoppers upload photos back to back: p99 ${p99.toFixed(1)} ms (median of ${pageDuring.length}), ${errors} errors; goal p99 ${PAGE_GOAL_MS} ms or less: ${verdict(p99 <= PAGE_GOAL_MS && errors === 0)}; alone p99 ${median(pageAlone.map((run) => run.summary.p99)).toFixed(1)} ms`,
  );
  for (const [index, run] of pageDuring.entries()) {
    const uploads = run.uploads.filter((upload) => upload.status === 201);
    console.log(
      `  run ${index + 1}: ${formatSummary(run.summary)}, ${uploads.length} photos uploaded (median ${median(uploads.map((upload) => upload.ms)).toFixed(0)} ms each with the wait), load average ${run.load}`,
    );
  }
  for (const [index, run] of pageAlone.entries())
    console.log(`  alone, run ${index + 1}: ${formatSummary(run.summary)}, load average ${run.load}`);
  console.log(
    `  the upload shop's event loop: p99 ${loop.p99Ms?.toFixed(1)} ms, max ${loop.maxMs?.toFixed(1)} ms, ${loop.stalls?.length ?? 0} stalls over 50 ms`,
  );
}

/** Seconds taken by `work`, for the set-up lines. */
async function timedSetUp<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`set-up: ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
console.log(
  `bench (v${version}, ${new Date().toISOString()}, ${RUNS} runs of ${DURATION_S} s per figure, ${databaseUrl ? `PostgreSQL, ${ABANDONED} abandoned checkouts` : 'PGlite'}, load average ${loadAverage()})`,
);
let uploads: UploadFigure | undefined;
if (ONLY_UPLOADS) {
  if (!databaseUrl)
    throw new Error('the upload figure writes its shoppers into PostgreSQL: set DATABASE_URL');
  const sender = httpSender();
  uploads = await uploadFigure(databaseUrl, sender);
  sender.close();
  console.log(`\nbench results (load average now ${loadAverage()})`);
  reportUploads(uploads);
  process.exit(0);
}
const app = await startServer(['app']);
const appUrl = `http://127.0.0.1:${app.port}`;
const catalogueReply = await fetch(`${appUrl}/api/products`);
const catalogueDir = mkdtempSync(join(tmpdir(), 'bench-catalogue-'));
const catalogueFile = join(catalogueDir, 'products.json');
writeFileSync(catalogueFile, Buffer.from(await catalogueReply.arrayBuffer()));
const bare = await startServer([
  'bare',
  catalogueFile,
  catalogueReply.headers.get('content-type') ?? 'application/json; charset=utf-8',
]);
const home = await homePageJavaScriptBytes(appUrl);
const catalogueRuns = await sideBySide(
  { url: `${appUrl}/api/products`, connections: CONNECTIONS },
  { url: `http://127.0.0.1:${bare.port}/api/products`, connections: CONNECTIONS },
);
await stop(bare);
rmSync(catalogueDir, { recursive: true, force: true });

let cartRuns: ThroughputRun[] | undefined;
let cartAt400: FixedRateRun[] | undefined;
let checkoutAt200: FixedRateRun[] | undefined;
/** The shop's memory as it printed it, with when the line arrived. */
type MemorySample = { atMs: number; rss: number; heapUsed: number; heapTotal: number; external: number };
let soakApp: Running | undefined;
let soak: { samples: Sample[]; memory: MemorySample[]; settled: MemorySample[]; startMs: number } | undefined;
if (databaseUrl) {
  const handle = await openDatabase({ url: databaseUrl, dataDir: 'unused with a URL' });
  const productIds = (
    await handle.db.select({ id: products.id }).from(products).where(eq(products.active, true))
  ).map((row) => row.id);
  const checkoutsNeeded =
    CHECKOUT_RATE * (WARM_UP_S + DURATION_S * RUNS) + SOAK_MIX.createOrder * SOAK_MINUTES * 60;
  const cartShoppers = await timedSetUp(`${CART_SHOPPERS} shoppers with carts`, () =>
    insertShoppersWithCarts(handle.db, { count: CART_SHOPPERS, productIds }),
  );
  const checkoutShoppers = await timedSetUp(`${checkoutsNeeded} shoppers with carts, one per checkout`, () =>
    insertShoppersWithCarts(handle.db, { count: checkoutsNeeded, productIds }),
  );
  await timedSetUp(`${ABANDONED} abandoned checkouts`, () =>
    insertAbandonedCheckouts(handle.db, { count: ABANDONED, productIds }),
  );
  await handle.db.execute(sql`analyze`);
  await handle.close();

  const bareCart = await startServer(['bare-cart']);
  cartRuns = await sideBySide(
    addToCartPosts(`${appUrl}/api/cart/update`, cartShoppers, productIds),
    addToCartPosts(`http://127.0.0.1:${bareCart.port}/api/cart/update`, cartShoppers, productIds),
  );
  await stop(bareCart);

  const sender = httpSender();
  let cartTurn = 0;
  const addToCart = (base = appUrl) => {
    // Each shopper in turn: one shopper's updates 10 s apart at 400/s, never two of them at once.
    cartTurn += 1;
    const shopper = cartShoppers[cartTurn % cartShoppers.length];
    return sender.send({
      base,
      method: 'POST',
      path: '/api/cart/update',
      headers: { authorization: `Bearer ${shopper?.token}` },
      body: JSON.stringify({ cart: randomCart(productIds) }),
      label: 'add to cart',
    });
  };
  let nextCheckout = 0;
  const createOrder = (base = appUrl) => {
    const shopper = checkoutShoppers[nextCheckout];
    nextCheckout += 1;
    if (!shopper) throw new Error('more checkouts than shoppers written for them');
    return sender.send({
      base,
      method: 'POST',
      path: '/api/payment/create-order',
      headers: { authorization: `Bearer ${shopper.token}` },
      body: '{}',
      label: 'create-order',
    });
  };
  // A fresh window for the event loop: set-up and the throughput runs are not the steady state measured.
  app.child.kill('SIGUSR2');
  cartAt400 = await fixedRateRuns(CART_RATE, addToCart);
  checkoutAt200 = await fixedRateRuns(CHECKOUT_RATE, createOrder);
  uploads = await uploadFigure(databaseUrl, sender);

  if (SOAK_MINUTES > 0) {
    // The soak is a sustained run of its own, on a shop started for it: the runs above pushed the first shop
    // far past the soak's rates, and its heap spent the soak's first minutes shrinking from them.
    await stop(app);
    soakApp = await startServer(['app']);
    const soakUrl = `http://127.0.0.1:${soakApp.port}`;
    const durationMs = SOAK_MINUTES * 60_000;
    const startMs = performance.now();
    console.log(
      `soak: ${SOAK_MINUTES} min of a steady mix on a new shop process, ${JSON.stringify(SOAK_MIX)} per second`,
    );
    const streams: Promise<OpenLoopRun>[] = [
      runOpenLoop({
        offsets: fixedRate(SOAK_MIX.catalogue, durationMs),
        label: 'catalogue',
        send: () => sender.send({ base: soakUrl, method: 'GET', path: '/api/products' }),
      }),
      runOpenLoop({
        offsets: fixedRate(SOAK_MIX.home, durationMs),
        label: 'home page',
        send: () => sender.send({ base: soakUrl, method: 'GET', path: '/' }),
      }),
      runOpenLoop({ offsets: fixedRate(SOAK_MIX.addToCart, durationMs), send: () => addToCart(soakUrl) }),
      runOpenLoop({ offsets: fixedRate(SOAK_MIX.createOrder, durationMs), send: () => createOrder(soakUrl) }),
    ];
    const shop = soakApp;
    const settling = Array.from({ length: Math.ceil(SOAK_MINUTES) - 1 }, (_, index) =>
      setTimeout(() => void settledMemory(shop), (index + 1) * 60_000),
    );
    const samples = (await Promise.all(streams)).flatMap((run) => run.samples);
    for (const timer of settling) clearTimeout(timer);
    await settledMemory(shop);
    const memoryLines = (prefix: string) =>
      linesOf(shop, prefix)
        .filter((line) => line.atMs >= startMs)
        .map((line) => ({ ...(JSON.parse(line.text) as Omit<MemorySample, 'atMs'>), atMs: line.atMs }));
    soak = { samples, memory: memoryLines('memory'), settled: memoryLines('settled-memory'), startMs };
  }
  sender.close();
}
// The first shop, unless the soak stopped it for a shop of its own.
await stop(soakApp ?? app);
const loop = JSON.parse(linesOf(app, 'event-loop')[0]?.text || '{}') as {
  p99Ms?: number;
  maxMs?: number;
  stalls?: { atMs: number; ms: number }[];
};

console.log(`\nbench results (load average now ${loadAverage()})`);
reportSideBySide(`GET /api/products (${CONNECTIONS} connections, closed loop)`, catalogueRuns);
if (cartRuns && cartAt400 && checkoutAt200) {
  reportSideBySide(
    `add to cart, 1-7 lines (${DATABASE_CONNECTIONS} connections, closed loop) against a bare route running the same SQL`,
    cartRuns,
  );
  reportFixedRate(`add to cart, 1-7 lines, at ${CART_RATE}/s (open loop)`, cartAt400, 30);
  reportFixedRate(
    `create-order at ${CHECKOUT_RATE}/s (open loop, a new shopper each, ${ABANDONED} abandoned checkouts held)`,
    checkoutAt200,
    150,
  );
  const stalls = loop.stalls ?? [];
  console.log(
    `event loop during the fixed-rate runs: p99 ${loop.p99Ms?.toFixed(1)} ms, max ${loop.maxMs?.toFixed(1)} ms, ${stalls.length} stalls over 50 ms${
      stalls.length > 0
        ? ` (${stalls
            .slice(0, SHOWN_STALLS)
            .map((stall) => `${stall.ms} ms at ${(stall.atMs / 1000).toFixed(1)} s`)
            .join(', ')}${stalls.length > SHOWN_STALLS ? ', …' : ''})`
        : ''
    }`,
  );
} else {
  console.log('add to cart and create-order: set DATABASE_URL to a PostgreSQL database to measure them');
}
if (uploads) reportUploads(uploads);
if (soak) reportSoak(soak);
for (const [file, bytes, when] of home.files)
  console.log(`  ${file}: ${(bytes / 1000).toFixed(1)} kB gzipped, ${when}`);
const homeKb = home.firstLoad / 1000;
console.log(
  `home-page JavaScript, first load: ${homeKb.toFixed(1)} kB gzipped, budget ${HOME_BUDGET_KB} kB: ${verdict(homeKb <= HOME_BUDGET_KB)}`,
);

/**
 * The shop's memory early in the soak (minute 5, or a third of a shorter soak) and at its end, each read after
 * a full collection: a leak grows it steadily, while a shop that holds a steady amount stays within the goal's
 * 10%. Read without the collection, the resident size swings with the collector's saw-tooth (the heap grows
 * to about twice what is live, then is collected and handed back), so both are printed minute by minute.
 */
function reportSoak({ samples, memory, settled, startMs }: NonNullable<typeof soak>) {
  const earlyMinute = Math.min(5, SOAK_MINUTES / 3);
  const at = (series: MemorySample[], minute: number) =>
    series.reduce<MemorySample | undefined>(
      (best, sample) =>
        !best ||
        Math.abs(sample.atMs - startMs - minute * 60_000) < Math.abs(best.atMs - startMs - minute * 60_000)
          ? sample
          : best,
      undefined,
    );
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  console.log(`soak, ${SOAK_MINUTES} min (open loop, ${JSON.stringify(SOAK_MIX)} per second):`);
  for (const [label, group] of byLabel(samples))
    console.log(`  ${label}: ${formatSummary(summarize(group))}`);
  const early = at(settled, earlyMinute);
  const late = at(settled, SOAK_MINUTES);
  if (!early || !late) {
    console.log('  memory: no readings (the soak was shorter than a minute)');
    return;
  }
  const change = (late.rss - early.rss) / early.rss;
  console.log(
    `  memory after a full collection, at minute ${earlyMinute.toFixed(1)}: RSS ${mb(early.rss)}, heap ${mb(early.heapUsed)}; at minute ${SOAK_MINUTES}: RSS ${mb(late.rss)}, heap ${mb(late.heapUsed)}; RSS change ${(change * 100).toFixed(1)}%, goal within 10%: ${verdict(Math.abs(change) <= 0.1)}; load average ${loadAverage()}`,
  );
  // Whether it levels off shows in the path between the two, minute by minute; the resident size as the shop
  // ran, sampled every few seconds, as each minute's lowest and highest.
  const figures = (sample: MemorySample) =>
    [sample.rss, sample.heapUsed, sample.heapTotal, sample.external].map((bytes) => (bytes / 1e6).toFixed(0));
  const minutes = Array.from({ length: Math.floor(SOAK_MINUTES) }, (_, index) => index + 1);
  const settledByMinute = minutes.map((minute) => {
    const sample = at(settled, minute);
    return sample ? `${minute}: ${figures(sample).join('/')}` : '';
  });
  const rangeByMinute = minutes.map((minute) => {
    const inMinute = memory
      .filter((sample) => Math.ceil((sample.atMs - startMs) / 60_000) === minute)
      .map((sample) => sample.rss / 1e6);
    return inMinute.length === 0
      ? ''
      : `${minute}: ${Math.min(...inMinute).toFixed(0)}-${Math.max(...inMinute).toFixed(0)}`;
  });
  console.log(
    `  memory by minute, RSS / heap used / heap total / external in MB, after a full collection: ${settledByMinute.filter(Boolean).join(', ')}`,
  );
  console.log(
    `  RSS by minute as the shop ran, lowest-highest in MB: ${rangeByMinute.filter(Boolean).join(', ')}`,
  );
}
