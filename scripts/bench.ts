// npm run bench [-- --against <rev>|none --runs 3 --seconds 10 --abandoned 100000 --cod-unconfirmed 10000 --soak 15]:
// docs/operations.md#bench. This checkout side by side with another revision (by default the merge base with
// main), both built and run on this machine, their runs interleaved, each figure printed for both with the
// ratio this / against and each run's load average: the catalogue's throughput beside a bare Fastify route
// sending the same bytes, and the gzipped JavaScript the home page loads; with DATABASE_URL (PostgreSQL) also
// add to cart's throughput beside a bare route running the same SQL, add to cart at 400/s and create-order at
// 200/s in an open loop (latency from each request's scheduled time) with a new shopper per checkout and
// abandoned checkouts holding stock, the shop's event-loop stalls, and with --soak its memory over a steady mix;
// with PostgreSQL too, a phone's 12-megapixel return photo uploaded (the shop's CPU seconds for it) while a
// product page is polled, on each side's own shop process and database (docs/operations.md#bench-uploads;
// `--only uploads` runs that figure alone, `--only create-order` create-order at 200/s with its set-up).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import type { BulkShopper } from '../server/test/bulk-shoppers';
import {
  type Figure,
  formatFigures,
  formatLoad,
  interleave,
  median,
  parseBenchArgs,
  type RunLoad,
} from './load/compare';
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
import { prepareRevision, type Revision, resolveAgainst, thisCheckout } from './load/revision';

const args = parseBenchArgs(process.argv.slice(2), process.env);
const RUNS = args.runs;
const DURATION_S = args.seconds;
const ABANDONED = args.abandoned;
const COD_UNCONFIRMED = args.codUnconfirmed;
/** The fee the unconfirmed COD orders carry: the shop's default. */
const COD_FEE_PAISE = 4900;
const SOAK_MINUTES = args.soak;
/** The catalogue's closed loop, as issue 44 measured it: more connections only queue on one event loop. */
const CONNECTIONS = args.connections;
const WARM_UP_S = 2;
const SHOWN_STALLS = 10;
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
/** Written by the upload figure's set-up; a revision without it is set up with this checkout's. */
const DELIVERED_ORDERS = 'server/test/delivered-orders.ts';
const databaseUrl = process.env.DATABASE_URL;
const BENCH_SERVER = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
// This checkout's tsx runs both sides' servers: the harness is the same, only the shop differs.
const TSX = import.meta.resolve('tsx');

interface Running {
  port: number;
  child: ChildProcess;
  /** Each line the server printed, with when it arrived (performance.now()). */
  lines: { atMs: number; text: string }[];
}

type BulkShoppers = typeof import('../server/test/bulk-shoppers');

/** One shop measured: this checkout, or the revision it is compared with, each with its servers and data. */
interface Side {
  name: 'this' | 'against';
  revision: Revision;
  /** The checkout whose shop runs (the servers' working directory). */
  root: string;
  databaseUrl: string | undefined;
  app?: Running;
  /** The shop started for the soak, which then replaces `app`. */
  soakApp?: Running;
  randomCart?: BulkShoppers['randomCart'];
  productIds?: number[];
  cartShoppers?: BulkShopper[];
  checkoutShoppers?: BulkShopper[];
}

function startServer(side: Side, serverArgs: string[]): Promise<Running> {
  // Node itself with tsx's loader, not `npx tsx`: a signal to npx would leave the server running.
  // BENCH_CPU_PROF=<dir> writes each server's CPU profile there (by side), to see where a run's time went.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', join(process.env.BENCH_CPU_PROF, side.name)]
    : [];
  // --expose-gc: the soak asks for a full collection before each reading of the shop's memory (below).
  const node = [...profile, '--expose-gc', '--import', TSX, BENCH_SERVER, ...serverArgs];
  // As shipped: React's server renderer reads NODE_ENV from the process, not from the shop's config.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  if (side.databaseUrl) env.DATABASE_URL = side.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, node, { cwd: side.root, env, stdio: ['pipe', 'pipe', 'inherit'] });
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
    child.on('exit', (code) => reject(new Error(`${side.name}: bench server exited with ${code}`)));
  });
}

const urlOf = (server: Running) => `http://127.0.0.1:${server.port}`;

function appOf(side: Side): Running {
  const app = side.soakApp ?? side.app;
  if (!app) throw new Error(`${side.name}: the shop is not running`);
  return app;
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
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function linesOf(server: Running, prefix: string) {
  return server.lines
    .filter((line) => line.text.startsWith(`${prefix} `))
    .map((line) => ({ atMs: line.atMs, text: line.text.slice(prefix.length + 1) }));
}

/** The 1, 5 and 15 minute load averages. */
function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** Runs `work`, noting the 1-minute load average as it starts and as it ends. */
async function withLoad<T>(work: () => Promise<T>): Promise<{ value: T; load: RunLoad }> {
  const start = loadavg()[0] ?? Number.NaN;
  const value = await work();
  return { value, load: { start, end: loadavg()[0] ?? Number.NaN } };
}

/** Linux's clock ticks a second (getconf CLK_TCK), in which /proc gives a process's CPU time. */
function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
}
const CLOCK_TICKS = clockTicks();

/** A process's CPU time (user and system, all its threads) so far, in ms, and its children's ids. */
function processCpuMs(pid: number): { ms: number; children: number[] } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return { ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS, children };
}

/**
 * CPU time (user and system, all threads) the server and the processes it started (the picture renderer) have
 * used so far, in ms; NaN without /proc. A child that ended between two readings takes its time with it.
 */
function cpuMsOf(server: Running): number {
  let total = 0;
  const pids = [server.child.pid ?? 0];
  for (let pid = pids.pop(), first = true; pid !== undefined; pid = pids.pop(), first = false) {
    try {
      const { ms, children } = processCpuMs(pid);
      total += ms;
      pids.push(...children);
    } catch {
      // The server itself unreadable: no figure. A child that just ended: its time went with it.
      if (first) return Number.NaN;
    }
  }
  return total;
}

/**
 * Closed loop, as fast as the server answers: its requests a second, and the CPU time the server process
 * spent per request. On a shared machine the throughput moves with everything else running; the CPU a request
 * costs moves far less.
 */
async function throughput(target: Target): Promise<{ rps: number; cpuUs: number }> {
  const before = cpuMsOf(target.server);
  const result = await autocannon({ ...target.options, duration: DURATION_S });
  const cpuMs = cpuMsOf(target.server) - before;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${target.options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuUs: (cpuMs * 1000) / result['2xx'] };
}

/** A closed-loop target: what autocannon sends, and the server process that answers. */
interface Target {
  options: autocannon.Options;
  server: Running;
}

interface ThroughputRun {
  side: Side;
  run: number;
  shop: number;
  bare: number;
  /** CPU time of the shop's and the bare route's process per request, in µs. */
  shopCpuUs: number;
  bareCpuUs: number;
  load: RunLoad;
}

/**
 * Each side's shop, then its bare route, run by run with the sides interleaved, after a warm-up of each, so
 * that the shop and its bare route, and this checkout and the other, see the same machine.
 */
async function sideBySide(targets: { side: Side; shop: Target; bare: Target }[]): Promise<ThroughputRun[]> {
  for (const { shop, bare } of targets) {
    await autocannon({ ...shop.options, duration: WARM_UP_S });
    await autocannon({ ...bare.options, duration: WARM_UP_S });
  }
  const runs: ThroughputRun[] = [];
  for (const { run, side: target } of interleave(RUNS, targets)) {
    const { value, load } = await withLoad(async () => ({
      shop: await throughput(target.shop),
      bare: await throughput(target.bare),
    }));
    runs.push({
      side: target.side,
      run,
      shop: value.shop.rps,
      bare: value.bare.rps,
      shopCpuUs: value.shop.cpuUs,
      bareCpuUs: value.bare.cpuUs,
      load,
    });
  }
  return runs;
}

/** POSTs of a random cart of 1-7 lines, each by a random one of the side's shoppers (closed loop). */
function addToCartPosts(url: string, side: Side): autocannon.Options {
  const shoppers = side.cartShoppers ?? [];
  const productIds = side.productIds ?? [];
  const randomCart = side.randomCart;
  if (!randomCart) throw new Error(`${side.name}: no shoppers written`);
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
  side: Side;
  run: number;
  summary: Summary;
  load: RunLoad;
}

/** An open-loop figure: a warm-up of each side, then `RUNS` runs of each, interleaved. */
async function fixedRateRuns(
  sides: Side[],
  rate: number,
  request: (side: Side) => Promise<Outcome>,
): Promise<FixedRateRun[]> {
  for (const side of sides)
    await runOpenLoop({ offsets: fixedRate(rate, WARM_UP_S * 1000), send: () => request(side) });
  const runs: FixedRateRun[] = [];
  for (const { run, side } of interleave(RUNS, sides)) {
    const { value, load } = await withLoad(() =>
      runOpenLoop({ offsets: fixedRate(rate, DURATION_S * 1000), send: () => request(side) }),
    );
    runs.push({ side, run, summary: summarize(value.samples), load });
  }
  return runs;
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
      '--disable-component-update',
      '--disable-sync',
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

/** What Node adds to every reply itself, and the length Fastify works out: not the route's to copy. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The catalogue's reply as autocannon gets it (no Accept-Encoding): its body, and its header lines in their
 * order, less those Node and Fastify write for any reply.
 */
function catalogueReply(baseUrl: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}/api/products`, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200)
            return reject(new Error(`the catalogue answered ${response.statusCode}`));
          const headers: Record<string, string> = {};
          for (let index = 0; index < response.rawHeaders.length; index += 2) {
            const name = response.rawHeaders[index]?.toLowerCase() ?? '';
            if (!NODE_HEADERS.has(name)) headers[name] = response.rawHeaders[index + 1] ?? '';
          }
          resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

/** Seconds taken by `work`, for the set-up lines. */
async function timedSetUp<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`set-up: ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * A side's own PostgreSQL database, migrated by its own shop: DATABASE_URL's database name with `_this` or
 * `_against`, dropped and made afresh on every run as the bench's own, so neither side inherits an earlier
 * run's checkouts (BENCH_AGAINST_DATABASE_URL, when set, is the other revision's as given).
 */
async function sideDatabase(url: string, name: Side['name']): Promise<string> {
  if (name === 'against' && process.env.BENCH_AGAINST_DATABASE_URL)
    return process.env.BENCH_AGAINST_DATABASE_URL;
  const side = new URL(url);
  const database = `${decodeURIComponent(side.pathname.slice(1)) || 'postgres'}_${name}`;
  side.pathname = `/${encodeURIComponent(database)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const quoted = `"${database.replaceAll('"', '""')}"`;
    await client.query(`drop database if exists ${quoted} with (force)`);
    await client.query(`create database ${quoted}`);
  } finally {
    await client.end();
  }
  return side.href;
}

/** A module of a side's shop, by its path in that side's checkout (each side writes with its own schema). */
function shopModule<Module>(side: Side, path: string): Promise<Module> {
  return import(pathToFileURL(join(side.root, path)).href) as Promise<Module>;
}

type InsertCheckouts = typeof import('../server/test/abandoned-checkouts').insertAbandonedCheckouts;

/**
 * The side's writer of unconfirmed COD orders; a revision from before it was written uses this checkout's (the
 * orders' COD columns are older than the bench's sides), so both sides hold the same rows.
 */
async function codCheckoutsWriter(side: Side, own: InsertCheckouts): Promise<InsertCheckouts> {
  const text = readFileSync(join(side.root, 'server/test/abandoned-checkouts.ts'), 'utf8');
  if (text.includes('cod-unconfirmed')) return own;
  console.log(
    `set-up: ${side.name}: unconfirmed COD orders written by this checkout's abandoned-checkouts.ts`,
  );
  return (await import('../server/test/abandoned-checkouts')).insertAbandonedCheckouts;
}

/** Shoppers with carts, one per checkout, and the abandoned checkouts, written into the side's database. */
async function writeShoppers(side: Side, checkoutsNeeded: number) {
  const { openDatabase } = await shopModule<typeof import('../server/db/client')>(
    side,
    'server/db/client.ts',
  );
  const bulk = await shopModule<BulkShoppers>(side, 'server/test/bulk-shoppers.ts');
  const { insertAbandonedCheckouts } = await shopModule<typeof import('../server/test/abandoned-checkouts')>(
    side,
    'server/test/abandoned-checkouts.ts',
  );
  const handle = await openDatabase({ url: side.databaseUrl, dataDir: 'unused with a URL' });
  try {
    const { rows } = await handle.executeSql('select id from products where active order by id');
    const productIds = (rows as { id: number }[]).map((row) => row.id);
    side.productIds = productIds;
    side.randomCart = bulk.randomCart;
    side.cartShoppers = await timedSetUp(`${side.name}: ${CART_SHOPPERS} shoppers with carts`, () =>
      bulk.insertShoppersWithCarts(handle.db, { count: CART_SHOPPERS, productIds }),
    );
    side.checkoutShoppers = await timedSetUp(
      `${side.name}: ${checkoutsNeeded} shoppers with carts, one per checkout`,
      () => bulk.insertShoppersWithCarts(handle.db, { count: checkoutsNeeded, productIds }),
    );
    await timedSetUp(`${side.name}: ${ABANDONED} abandoned checkouts`, () =>
      insertAbandonedCheckouts(handle.db, { count: ABANDONED, productIds }),
    );
    if (COD_UNCONFIRMED > 0) {
      const insertCod = await codCheckoutsWriter(side, insertAbandonedCheckouts);
      await timedSetUp(`${side.name}: ${COD_UNCONFIRMED} unconfirmed COD orders`, () =>
        insertCod(handle.db, { count: COD_UNCONFIRMED, productIds, cod: { feePaise: COD_FEE_PAISE } }),
      );
    }
    await handle.executeSql('analyze');
  } finally {
    await handle.close();
  }
}

/** The event-loop report a shop prints as it stops. */
interface EventLoopReport {
  p99Ms?: number;
  maxMs?: number;
  stalls?: { atMs: number; ms: number }[];
}

function eventLoopOf(server: Running): EventLoopReport {
  return JSON.parse(linesOf(server, 'event-loop')[0]?.text || '{}') as EventLoopReport;
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
  side: Side;
  status: number;
  ms: number;
  /** The side's upload shop's CPU time over the upload (its other work too: the page polled beside it). */
  cpuSeconds: number;
}

interface UploadFigure {
  photoBytes: number;
  /** One at a time, nothing else sent: the CPU seconds an upload costs. */
  alone: UploadRun[];
  pageAlone: FixedRateRun[];
  pageDuring: (FixedRateRun & { uploads: UploadRun[] })[];
  /** Each side's upload shop's event loop over the whole figure. */
  loops: Map<Side, EventLoopReport>;
  /** The sides whose set-up used this checkout's DELIVERED_ORDERS, their revision lacking it. */
  borrowed: Side[];
}

/**
 * Shoppers with a delivered order each, written into the side's database with its own modules; the delivered
 * orders with this checkout's when the side's revision has none (it predates the figure).
 */
async function writeUploadShoppers(side: Side, thisSide: Side) {
  const { openDatabase } = await shopModule<typeof import('../server/db/client')>(
    side,
    'server/db/client.ts',
  );
  const bulk = await shopModule<BulkShoppers>(side, 'server/test/bulk-shoppers.ts');
  const borrowed = !existsSync(join(side.root, DELIVERED_ORDERS));
  const { insertDeliveredOrders } = await shopModule<typeof import('../server/test/delivered-orders')>(
    borrowed ? thisSide : side,
    DELIVERED_ORDERS,
  );
  const handle = await openDatabase({ url: side.databaseUrl, dataDir: 'unused with a URL' });
  try {
    const { rows } = await handle.executeSql('select id from products where active order by id');
    const productIds = (rows as { id: number }[]).map((row) => row.id);
    const made = await bulk.insertShoppersWithCarts(handle.db, {
      count: UPLOAD_SHOPPERS,
      productIds,
      withCarts: false,
    });
    const orderIds = await insertDeliveredOrders(handle.db, {
      userIds: made.map((shopper) => shopper.userId),
      productId: productIds[0] ?? 1,
    });
    const shoppers = made.map((shopper, index) => ({ token: shopper.token, orderId: orderIds[index] ?? '' }));
    return { shoppers, borrowed };
  } finally {
    await handle.close();
  }
}

/**
 * docs/operations.md#bench-uploads: return photos of a phone's size, sent by shoppers with a delivered order to
 * a shop process of each side's own (on its own database), first one at a time alone (each upload's time and
 * the shop's CPU seconds for it), then `UPLOADERS` at a time while the product page is requested at
 * PAGE_POLL_RATE a second in an open loop, beside the same page with no upload running; the sides' runs
 * interleaved.
 */
async function uploadFigure(sender: ReturnType<typeof httpSender>): Promise<UploadFigure> {
  const thisSide = sides[0];
  if (!thisSide) throw new Error('no side to measure');
  const shops = new Map<Side, { server: Running; shoppers: { token: string; orderId: string }[] }>();
  const borrowed: Side[] = [];
  for (const side of sides) {
    // A shop process of its own (the figures before it leave its event loop and heap alone), started first: it
    // migrates and seeds the side's database if it is empty.
    const server = await startServer(side, ['app']);
    const written = await timedSetUp(
      `${side.name}: ${UPLOAD_SHOPPERS} shoppers with a delivered order each`,
      () => writeUploadShoppers(side, thisSide),
    );
    if (written.borrowed) borrowed.push(side);
    shops.set(side, { server, shoppers: written.shoppers });
  }
  const shopOf = (side: Side) => {
    const shop = shops.get(side);
    if (!shop) throw new Error(`${side.name}: no upload shop`);
    return shop;
  };
  const photo = await timedSetUp('a 12-megapixel phone photo', phonePhoto);
  const turns = new Map<Side, number>();
  const upload = async (side: Side): Promise<UploadRun> => {
    const { server, shoppers } = shopOf(side);
    const turn = turns.get(side) ?? 0;
    turns.set(side, turn + 1);
    const shopper = shoppers[turn % shoppers.length];
    const started = performance.now();
    const cpu = cpuMsOf(server);
    const response = await fetch(`${urlOf(server)}/api/orders/${shopper?.orderId}/return-photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper?.token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    });
    await response.arrayBuffer();
    return {
      side,
      status: response.status,
      ms: performance.now() - started,
      cpuSeconds: (cpuMsOf(server) - cpu) / 1000,
    };
  };
  for (const side of sides) await upload(side);
  const alone: UploadRun[] = [];
  for (const { side } of interleave(Math.max(RUNS, 3), sides)) alone.push(await upload(side));
  const page = (side: Side) =>
    sender.send({
      base: urlOf(shopOf(side).server),
      method: 'GET',
      path: '/product/1',
      label: 'product page',
    });
  const pageAlone = await fixedRateRuns(sides, PAGE_POLL_RATE, page);
  const pageDuring: UploadFigure['pageDuring'] = [];
  for (const { run, side } of interleave(RUNS, sides)) {
    let polling = true;
    const uploads: UploadRun[] = [];
    const { value, load } = await withLoad(async () => {
      const uploaders = Array.from({ length: UPLOADERS }, async () => {
        while (polling) uploads.push(await upload(side));
      });
      const polled = await runOpenLoop({
        offsets: fixedRate(PAGE_POLL_RATE, DURATION_S * 1000),
        send: () => page(side),
      });
      polling = false;
      await Promise.all(uploaders);
      return polled;
    });
    pageDuring.push({ side, run, summary: summarize(value.samples), load, uploads });
  }
  const loops = new Map<Side, EventLoopReport>();
  for (const [side, { server }] of shops) {
    await stop(server);
    loops.set(side, eventLoopOf(server));
  }
  return { photoBytes: photo.length, alone, pageAlone, pageDuring, loops, borrowed };
}

/** The upload figure's rows: the ratio of each (this / against) is the page's p99 and the CPU an upload costs. */
function uploadFigures({ alone, pageAlone, pageDuring, loops }: UploadFigure): Figure[] {
  const uploaded = alone.filter((run) => run.status === 201);
  const duringUploaded = pageDuring.map((run) => ({
    ...run,
    uploads: run.uploads.filter((upload) => upload.status === 201),
  }));
  const during = `product page at ${PAGE_POLL_RATE}/s while ${UPLOADERS} shoppers upload`;
  return [
    {
      name: 'return photo (12 MP), one at a time: shop CPU per upload',
      unit: 's',
      values: bySide(uploaded, (run) => run.cpuSeconds),
    },
    {
      name: 'return photo (12 MP), one at a time: upload time',
      unit: 's',
      values: bySide(uploaded, (run) => run.ms / 1000),
    },
    {
      name: `product page at ${PAGE_POLL_RATE}/s, nothing uploaded: p99`,
      unit: 'ms',
      values: bySide(pageAlone, (run) => run.summary.p99),
    },
    { name: `${during}: p50`, unit: 'ms', values: bySide(pageDuring, (run) => run.summary.p50) },
    {
      name: `${during}: p99`,
      unit: 'ms',
      values: bySide(pageDuring, (run) => run.summary.p99),
      goal: { text: `${PAGE_GOAL_MS} ms or less`, met: (p99) => p99 <= PAGE_GOAL_MS },
    },
    {
      name: `${during}: errors`,
      unit: 'count',
      values: sides.map((side) =>
        pageDuring.filter((run) => run.side === side).reduce((sum, run) => sum + run.summary.errors, 0),
      ),
      goal: { text: 'none', met: (n) => n === 0 },
    },
    {
      name: `${during}: photos uploaded a run`,
      unit: 'count',
      values: bySide(duringUploaded, (run) => run.uploads.length),
    },
    {
      name: 'upload shop, event loop: max',
      unit: 'ms',
      values: sides.map((side) => loops.get(side)?.maxMs ?? Number.NaN),
    },
    {
      name: 'upload shop, event loop: stalls over 50 ms',
      unit: 'count',
      values: sides.map((side) => loops.get(side)?.stalls?.length ?? Number.NaN),
    },
  ];
}

/** The upload figure's runs, in the order run, and any upload the shop refused. */
function reportUploadRuns({ photoBytes, alone, pageAlone, pageDuring, borrowed }: UploadFigure) {
  console.log(
    `return photos: a 12 MP JPEG of ${(photoBytes / 1e6).toFixed(1)} MB, one at a time, nothing else sent (time / shop CPU):`,
  );
  for (const side of sides)
    console.log(
      `  ${side.name.padEnd(7)} ${alone
        .filter((run) => run.side === side)
        .map((run) => `${run.ms.toFixed(0)} ms / ${run.cpuSeconds.toFixed(2)} s`)
        .join(', ')}`,
    );
  const refused = [...alone, ...pageDuring.flatMap((run) => run.uploads)].filter((run) => run.status !== 201);
  for (const side of sides) {
    const statuses = refused.filter((run) => run.side === side).map((run) => run.status);
    if (statuses.length > 0)
      console.log(
        `  ${side.name}: ${statuses.length} uploads answered ${[...new Set(statuses)].join(', ')}, left out of the figures`,
      );
  }
  for (const side of borrowed)
    console.log(`  ${side.name}: its delivered orders written with this checkout's ${DELIVERED_ORDERS}`);
  console.log(`product page (/product/1) at ${PAGE_POLL_RATE}/s, nothing uploaded`);
  for (const run of pageAlone) runLine(run.side, run.run, formatSummary(run.summary), run.load);
  console.log(`product page at ${PAGE_POLL_RATE}/s while ${UPLOADERS} shoppers upload photos back to back`);
  for (const run of pageDuring) {
    const uploads = run.uploads.filter((upload) => upload.status === 201);
    runLine(
      run.side,
      run.run,
      `${formatSummary(run.summary)}, ${uploads.length} photos uploaded (median ${median(uploads.map((upload) => upload.ms)).toFixed(0)} ms each with the wait)`,
      run.load,
    );
  }
}

/** Each side's median of `value` over its runs, this checkout first. */
function bySide<Run extends { side: Side }>(runs: readonly Run[], value: (run: Run) => number): number[] {
  return sides.map((side) => median(runs.filter((run) => run.side === side).map(value)));
}

function runLine(side: Side, run: number, text: string, load: RunLoad) {
  console.log(`  run ${run} ${side.name.padEnd(7)} ${text}, ${formatLoad(load)}`);
}

function resultsHeader(): string {
  return `\nbench results: this ${thisRevision.label}${againstRevision ? ` against ${againstRevision.label}` : ''}; medians of ${RUNS} runs; load average now ${loadAverage()}`;
}

// --- The run ---

const here = process.cwd();
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
const thisRevision = thisCheckout(here);
const againstRevision = resolveAgainst(args.against, here);
const sides: Side[] = [
  {
    name: 'this',
    revision: thisRevision,
    root: here,
    databaseUrl: databaseUrl ? await sideDatabase(databaseUrl, 'this') : undefined,
  },
];
if (againstRevision) {
  const root = prepareRevision(againstRevision.sha, here, (line) => console.log(`set-up: ${line}`));
  sides.push({
    name: 'against',
    revision: againstRevision,
    root,
    databaseUrl: databaseUrl ? await sideDatabase(databaseUrl, 'against') : undefined,
  });
}
const sideNames = sides.map((side) => side.name);
console.log(
  `bench (v${version}, ${new Date().toISOString()}): this ${thisRevision.label}${
    againstRevision
      ? ` against ${againstRevision.label}, runs interleaved (this, against, this, against…)`
      : ' alone'
  }; ${RUNS} runs of ${DURATION_S} s per figure; ${
    args.only === 'uploads'
      ? 'the return-photo upload figure alone'
      : args.only === 'create-order'
        ? `create-order alone, PostgreSQL, ${ABANDONED} abandoned checkouts`
        : databaseUrl
          ? `PostgreSQL, ${ABANDONED} abandoned checkouts`
          : 'PGlite'
  }; load average ${loadAverage()}`,
);

if (args.only === 'uploads') {
  if (!databaseUrl)
    throw new Error('the upload figure writes its shoppers into PostgreSQL: set DATABASE_URL');
  const sender = httpSender();
  const uploads = await uploadFigure(sender);
  sender.close();
  console.log(resultsHeader());
  for (const line of formatFigures(uploadFigures(uploads), sideNames)) console.log(line);
  console.log('\neach run, in the order run, with the 1-minute load average at its start and end:');
  reportUploadRuns(uploads);
  process.exit(0);
}

if (args.only === 'create-order' && !databaseUrl)
  throw new Error('create-order writes its shoppers into PostgreSQL: set DATABASE_URL');
/** Every figure, not one alone. */
const everything = args.only === undefined;

/** The catalogue beside a bare route with the same bytes, and the home page's JavaScript, on each side's shop. */
async function catalogueFigures() {
  const catalogueDir = mkdtempSync(join(tmpdir(), 'bench-catalogue-'));
  const catalogueTargets: { side: Side; shop: Target; bare: Target }[] = [];
  const bares: Running[] = [];
  for (const side of sides) {
    const reply = await catalogueReply(urlOf(appOf(side)));
    const bodyFile = join(catalogueDir, `${side.name}.json`);
    const headersFile = join(catalogueDir, `${side.name}-headers.json`);
    writeFileSync(bodyFile, reply.body);
    writeFileSync(headersFile, JSON.stringify(reply.headers));
    const bare = await startServer(side, ['bare', bodyFile, headersFile]);
    bares.push(bare);
    catalogueTargets.push({
      side,
      shop: {
        options: { url: `${urlOf(appOf(side))}/api/products`, connections: CONNECTIONS },
        server: appOf(side),
      },
      bare: { options: { url: `${urlOf(bare)}/api/products`, connections: CONNECTIONS }, server: bare },
    });
  }
  const homes: Awaited<ReturnType<typeof homePageJavaScriptBytes>>[] = [];
  for (const side of sides) homes.push(await homePageJavaScriptBytes(urlOf(appOf(side))));
  const runs = await sideBySide(catalogueTargets);
  for (const bare of bares) await stop(bare);
  rmSync(catalogueDir, { recursive: true, force: true });
  return { runs, homes };
}

for (const side of sides) side.app = await startServer(side, ['app']);
const { runs: catalogueRuns, homes } = everything ? await catalogueFigures() : { runs: [], homes: [] };

let cartRuns: ThroughputRun[] | undefined;
let cartAt400: FixedRateRun[] | undefined;
let checkoutAt200: FixedRateRun[] | undefined;
let uploads: UploadFigure | undefined;
/** The shop's memory as it printed it, with when the line arrived. */
type MemorySample = { atMs: number; rss: number; heapUsed: number; heapTotal: number; external: number };
interface Soak {
  side: Side;
  samples: Sample[];
  memory: MemorySample[];
  settled: MemorySample[];
  startMs: number;
  load: RunLoad;
}
const soaks: Soak[] = [];
/** Each side's first shop, whose event loop the fixed-rate runs are read on. */
const firstApps = new Map(sides.map((side) => [side, appOf(side)]));
if (databaseUrl) {
  const checkoutsNeeded =
    CHECKOUT_RATE * (WARM_UP_S + DURATION_S * RUNS) + SOAK_MIX.createOrder * SOAK_MINUTES * 60;
  for (const side of sides) await writeShoppers(side, checkoutsNeeded);

  if (everything) {
    const bareCarts = new Map<Side, Running>();
    for (const side of sides) bareCarts.set(side, await startServer(side, ['bare-cart']));
    cartRuns = await sideBySide(
      sides.map((side) => ({
        side,
        shop: { options: addToCartPosts(`${urlOf(appOf(side))}/api/cart/update`, side), server: appOf(side) },
        bare: {
          options: addToCartPosts(`${urlOf(bareCarts.get(side) as Running)}/api/cart/update`, side),
          server: bareCarts.get(side) as Running,
        },
      })),
    );
    for (const bare of bareCarts.values()) await stop(bare);
  }

  const sender = httpSender();
  const cartTurns = new Map<Side, number>();
  const addToCart = (side: Side) => {
    // Each shopper in turn: one shopper's updates 10 s apart at 400/s, never two of them at once.
    const turn = (cartTurns.get(side) ?? 0) + 1;
    cartTurns.set(side, turn);
    const shoppers = side.cartShoppers ?? [];
    const shopper = shoppers[turn % shoppers.length];
    return sender.send({
      base: urlOf(appOf(side)),
      method: 'POST',
      path: '/api/cart/update',
      headers: { authorization: `Bearer ${shopper?.token}` },
      body: JSON.stringify({ cart: side.randomCart?.(side.productIds ?? []) }),
      label: 'add to cart',
    });
  };
  const nextCheckouts = new Map<Side, number>();
  const createOrder = (side: Side) => {
    const next = nextCheckouts.get(side) ?? 0;
    nextCheckouts.set(side, next + 1);
    const shopper = side.checkoutShoppers?.[next];
    if (!shopper) throw new Error('more checkouts than shoppers written for them');
    return sender.send({
      base: urlOf(appOf(side)),
      method: 'POST',
      path: '/api/payment/create-order',
      headers: { authorization: `Bearer ${shopper.token}` },
      body: '{}',
      label: 'create-order',
    });
  };
  // A fresh window for the event loop: set-up and the throughput runs are not the steady state measured.
  for (const side of sides) appOf(side).child.kill('SIGUSR2');
  if (everything) cartAt400 = await fixedRateRuns(sides, CART_RATE, addToCart);
  checkoutAt200 = await fixedRateRuns(sides, CHECKOUT_RATE, createOrder);
  if (everything) uploads = await uploadFigure(sender);

  if (everything && SOAK_MINUTES > 0) {
    // The soak is a sustained run of its own, on a shop started for it: the runs above pushed the first shop
    // far past the soak's rates, and its heap spent the soak's first minutes shrinking from them. Minutes
    // long, it cannot be interleaved: each side's runs after the other's, both with their load averages.
    for (const side of sides) {
      await stop(appOf(side));
      const shop = await startServer(side, ['app']);
      side.soakApp = shop;
      const soakUrl = urlOf(shop);
      const durationMs = SOAK_MINUTES * 60_000;
      const startMs = performance.now();
      const loadAtStart = loadavg()[0] ?? Number.NaN;
      console.log(
        `soak (${side.name}): ${SOAK_MINUTES} min of a steady mix on a new shop process, ${JSON.stringify(SOAK_MIX)} per second`,
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
        runOpenLoop({ offsets: fixedRate(SOAK_MIX.addToCart, durationMs), send: () => addToCart(side) }),
        runOpenLoop({ offsets: fixedRate(SOAK_MIX.createOrder, durationMs), send: () => createOrder(side) }),
      ];
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
      soaks.push({
        side,
        samples,
        memory: memoryLines('memory'),
        settled: memoryLines('settled-memory'),
        startMs,
        load: { start: loadAtStart, end: loadavg()[0] ?? Number.NaN },
      });
    }
  }
  sender.close();
}
// Each side's shop, the first one unless the soak stopped it for a shop of its own.
for (const side of sides) await stop(appOf(side));
const loops = sides.map((side) => eventLoopOf(firstApps.get(side) as Running));

// --- The figures ---

const figures: Figure[] = [];

function throughputFigures(name: string, runs: ThroughputRun[]) {
  const shop = bySide(runs, (run) => run.shop);
  const bare = bySide(runs, (run) => run.bare);
  figures.push(
    { name: `${name}: shop`, unit: 'req/s', values: shop },
    { name: `${name}: bare`, unit: 'req/s', values: bare },
    {
      name: `${name}: shop / bare`,
      unit: 'ratio',
      values: shop.map((value, index) => value / (bare[index] ?? Number.NaN)),
      goal: { text: '0.80 or more', met: (ratio) => ratio >= 0.8 },
    },
    { name: `${name}: shop CPU per request`, unit: 'µs', values: bySide(runs, (run) => run.shopCpuUs) },
    { name: `${name}: bare CPU per request`, unit: 'µs', values: bySide(runs, (run) => run.bareCpuUs) },
  );
}

function fixedRateFigures(name: string, runs: FixedRateRun[], goalMs: number) {
  const errors = sides.map((side) =>
    runs.filter((run) => run.side === side).reduce((sum, run) => sum + run.summary.errors, 0),
  );
  figures.push(
    { name: `${name}: p50`, unit: 'ms', values: bySide(runs, (run) => run.summary.p50) },
    {
      name: `${name}: p99`,
      unit: 'ms',
      values: bySide(runs, (run) => run.summary.p99),
      goal: { text: `${goalMs} ms or less`, met: (p99) => p99 <= goalMs },
    },
    { name: `${name}: errors`, unit: 'count', values: errors, goal: { text: 'none', met: (n) => n === 0 } },
  );
}

const catalogueName = `GET /api/products (${CONNECTIONS} connections, closed loop)`;
if (catalogueRuns.length > 0) throughputFigures(catalogueName, catalogueRuns);
if (cartRuns) {
  throughputFigures(`add to cart, 1-7 lines (${DATABASE_CONNECTIONS} connections) vs same SQL`, cartRuns);
}
if (cartAt400) fixedRateFigures(`add to cart at ${CART_RATE}/s (open loop)`, cartAt400, 30);
if (checkoutAt200) {
  fixedRateFigures(
    `create-order at ${CHECKOUT_RATE}/s (open loop, ${ABANDONED} abandoned, ${COD_UNCONFIRMED} unconfirmed COD)`,
    checkoutAt200,
    150,
  );
  figures.push(
    {
      name: 'event loop, fixed-rate runs: p99',
      unit: 'ms',
      values: loops.map((loop) => loop.p99Ms ?? Number.NaN),
    },
    {
      name: 'event loop, fixed-rate runs: max',
      unit: 'ms',
      values: loops.map((loop) => loop.maxMs ?? Number.NaN),
    },
    {
      name: 'event loop, fixed-rate runs: stalls over 50 ms',
      unit: 'count',
      values: loops.map((loop) => loop.stalls?.length ?? Number.NaN),
      goal: { text: 'none', met: (n) => n === 0 },
    },
  );
}
if (uploads) figures.push(...uploadFigures(uploads));
const soakMemory = soaks.map(soakReadings);
if (soaks.length > 0) {
  const early = soakMemory.map((memory) => memory?.early.rss ?? Number.NaN);
  const late = soakMemory.map((memory) => memory?.late.rss ?? Number.NaN);
  const minute = Math.min(5, SOAK_MINUTES / 3).toFixed(1);
  figures.push(
    {
      name: `soak: RSS after a full collection, minute ${minute}`,
      unit: 'MB',
      values: early.map((b) => b / 1e6),
    },
    {
      name: `soak: RSS after a full collection, minute ${SOAK_MINUTES}`,
      unit: 'MB',
      values: late.map((b) => b / 1e6),
    },
    {
      name: 'soak: RSS change between the two',
      unit: '%',
      values: late.map(
        (value, index) => ((value - (early[index] ?? Number.NaN)) / (early[index] ?? Number.NaN)) * 100,
      ),
      goal: { text: 'within 10%', met: (change) => Math.abs(change) <= 10 },
    },
  );
  const labels = [...byLabel(soaks[0]?.samples ?? []).keys()];
  for (const label of labels)
    figures.push({
      name: `soak: ${label} p99`,
      unit: 'ms',
      values: soaks.map((soak) => summarize(byLabel(soak.samples).get(label) ?? []).p99),
    });
}
if (homes.length > 0) {
  figures.push({
    name: 'home page JavaScript, first load (gzipped)',
    unit: 'kB',
    values: homes.map((home) => home.firstLoad / 1000),
    goal: { text: `${HOME_BUDGET_KB} kB or less`, met: (kb) => kb <= HOME_BUDGET_KB },
  });
}

console.log(resultsHeader());
for (const line of formatFigures(figures, sideNames)) console.log(line);

console.log('\neach run, in the order run, with the 1-minute load average at its start and end:');
if (catalogueRuns.length > 0) console.log(catalogueName);
const throughputRunText = (run: ThroughputRun) =>
  `shop ${run.shop.toFixed(0)}, bare ${run.bare.toFixed(0)} req/s, ${(run.shop / run.bare).toFixed(2)}; CPU a request: shop ${run.shopCpuUs.toFixed(0)} µs, bare ${run.bareCpuUs.toFixed(0)} µs`;
for (const run of catalogueRuns) runLine(run.side, run.run, throughputRunText(run), run.load);
if (checkoutAt200) {
  if (cartRuns) console.log('add to cart against a bare route running the same SQL');
  for (const run of cartRuns ?? []) runLine(run.side, run.run, throughputRunText(run), run.load);
  for (const [name, runs] of [
    [`add to cart at ${CART_RATE}/s`, cartAt400 ?? []],
    [`create-order at ${CHECKOUT_RATE}/s`, checkoutAt200],
  ] as const) {
    if (runs.length === 0) continue;
    console.log(name);
    for (const run of runs) runLine(run.side, run.run, formatSummary(run.summary), run.load);
  }
  for (const [index, loop] of loops.entries()) {
    const stalls = loop.stalls ?? [];
    if (stalls.length === 0) continue;
    console.log(
      `event loop (${sides[index]?.name}): stalls over 50 ms: ${stalls
        .slice(0, SHOWN_STALLS)
        .map((stall) => `${stall.ms} ms at ${(stall.atMs / 1000).toFixed(1)} s`)
        .join(', ')}${stalls.length > SHOWN_STALLS ? ', …' : ''}`,
    );
  }
} else {
  console.log('add to cart and create-order: set DATABASE_URL to a PostgreSQL database to measure them');
}
if (uploads) reportUploadRuns(uploads);
for (const [index, soak] of soaks.entries()) reportSoak(soak, soakMemory[index]);
for (const [index, home] of homes.entries()) {
  console.log(`home page JavaScript (${sides[index]?.name}):`);
  for (const [file, bytes, when] of home.files)
    console.log(`  ${file}: ${(bytes / 1000).toFixed(1)} kB gzipped, ${when}`);
}

/**
 * The shop's memory early in the soak (minute 5, or a third of a shorter soak) and at its end, each read
 * after a full collection: a leak grows it steadily, while a shop that holds a steady amount stays within
 * the goal's 10%. Read without the collection, the resident size swings with the collector's saw-tooth (the
 * heap grows to about twice what is live, then is collected and handed back), so both are printed by minute.
 */
function soakReadings({ settled, startMs }: Soak) {
  const at = (minute: number) =>
    settled.reduce<MemorySample | undefined>(
      (best, sample) =>
        !best ||
        Math.abs(sample.atMs - startMs - minute * 60_000) < Math.abs(best.atMs - startMs - minute * 60_000)
          ? sample
          : best,
      undefined,
    );
  const early = at(Math.min(5, SOAK_MINUTES / 3));
  const late = at(SOAK_MINUTES);
  return early && late ? { early, late, at } : undefined;
}

function reportSoak(soak: Soak, readings: ReturnType<typeof soakReadings>) {
  const { samples, memory, startMs, side, load } = soak;
  console.log(
    `soak (${side.name}), ${SOAK_MINUTES} min (open loop, ${JSON.stringify(SOAK_MIX)} per second), ${formatLoad(load)}:`,
  );
  for (const [label, group] of byLabel(samples))
    console.log(`  ${label}: ${formatSummary(summarize(group))}`);
  if (!readings) {
    console.log('  memory: no readings (the soak was shorter than a minute)');
    return;
  }
  // Whether it levels off shows in the path between the two, minute by minute; the resident size as the shop
  // ran, sampled every few seconds, as each minute's lowest and highest.
  const figuresOf = (sample: MemorySample) =>
    [sample.rss, sample.heapUsed, sample.heapTotal, sample.external].map((bytes) => (bytes / 1e6).toFixed(0));
  const minutes = Array.from({ length: Math.floor(SOAK_MINUTES) }, (_, index) => index + 1);
  const settledByMinute = minutes.map((minute) => {
    const sample = readings.at(minute);
    return sample ? `${minute}: ${figuresOf(sample).join('/')}` : '';
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
