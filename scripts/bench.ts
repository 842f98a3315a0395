// npm run bench: requests per second of GET /api/products beside a bare Fastify route returning the same
// JSON, and the gzipped size of the JavaScript the home page loads; with DATABASE_URL (PostgreSQL) also
// add-to-cart beside a bare route running the same SQL, the p99 of add-to-cart and create-order at fixed
// rates, and the shop's event-loop stalls. One run, one report, each goal beside its figure.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const DATABASE_CONNECTIONS = 10;
// docs/operations.md#performance-budget: the budget `npm run size` holds CI to.
const HOME_BUDGET_KB = 95;
const databaseUrl = process.env.DATABASE_URL;

interface Running {
  port: number;
  child: ChildProcess;
  lines: string[];
}

function startServer(args: string[]): Promise<Running> {
  // Node itself with tsx's loader, not `npx tsx`: a signal to npx would leave the server running.
  // BENCH_CPU_PROF=<dir> writes each server's CPU profile there, to see where a run's time went.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'scripts/bench-server.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // The bench shoppers' passwords are hashed at the tests' tiny cost: hashing is not what is measured.
    env: { ...process.env, MITTEN_TEST_FAST_PASSWORD_HASHING: '1' },
  });
  const lines: string[] = [];
  let buffered = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      lines.push(...complete);
      const port = lines.map((line) => /^listening (\d+)/.exec(line)?.[1]).find(Boolean);
      if (port) resolve({ port: Number(port), child, lines });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** Stops the server; its last words (the event-loop report) are in `lines` afterwards. */
function stop({ child }: Running): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function lineOf(server: Running, prefix: string): string {
  return server.lines.find((line) => line.startsWith(`${prefix} `))?.slice(prefix.length + 1) ?? '';
}

type Options = autocannon.Options;

async function measure(options: Options, warmUp = true): Promise<autocannon.Result> {
  if (warmUp) await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

async function requestsPerSecond(url: string): Promise<number> {
  return (await measure({ url, connections: CONNECTIONS })).requests.average;
}

/** POSTs of `body`, each by the next bench shopper in turn (one cart each, as real shoppers have). */
function shoppersPosting(url: string, tokens: string[], body: object): Options {
  let turn = 0;
  return {
    url,
    connections: DATABASE_CONNECTIONS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          turn = (turn + 1) % tokens.length;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[turn]}` },
            body: JSON.stringify(body),
          };
        },
      },
    ],
  };
}

const ADD_TO_CART = { cart: [{ id: 1, quantity: 2 }] };

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

const app = await startServer(['app']);
const appUrl = `http://127.0.0.1:${app.port}`;
const catalogueJson = await (await fetch(`${appUrl}/api/products`)).text();
const home = await homePageJavaScriptBytes(appUrl);
const appRps = await requestsPerSecond(`${appUrl}/api/products`);
const tokens = lineOf(app, 'tokens').split(',');
const cart = databaseUrl
  ? {
      shopRps: (await measure(shoppersPosting(`${appUrl}/api/cart/update`, tokens, ADD_TO_CART))).requests
        .average,
      p99At400: await (async () => {
        app.child.kill('SIGUSR2');
        const result = await measure({
          ...shoppersPosting(`${appUrl}/api/cart/update`, tokens, ADD_TO_CART),
          overallRate: 400,
        });
        return result.latency.p99;
      })(),
      createOrderP99At200: (
        await measure(
          { ...shoppersPosting(`${appUrl}/api/payment/create-order`, tokens, {}), overallRate: 200 },
          false,
        )
      ).latency.p99,
    }
  : undefined;
await stop(app);
const loop = JSON.parse(lineOf(app, 'event-loop') || '{}') as {
  p99Ms?: number;
  maxMs?: number;
  stalls?: { atMs: number; ms: number }[];
};

const bare = await startServer(['bare', catalogueJson]);
const bareRps = await requestsPerSecond(`http://127.0.0.1:${bare.port}/api/products`);
await stop(bare);

let bareCartRps: number | undefined;
if (databaseUrl) {
  const bareCart = await startServer(['bare-cart']);
  bareCartRps = (
    await measure(shoppersPosting(`http://127.0.0.1:${bareCart.port}/api/cart/update`, tokens, ADD_TO_CART))
  ).requests.average;
  await stop(bareCart);
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
const ratio = appRps / bareRps;
const homeKb = home.firstLoad / 1000;
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
console.log(
  `\nbench (v${version}, ${new Date().toISOString()}, ${DURATION_S} s per run, ${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
);
console.log(`GET /api/products (shop, ${CONNECTIONS} connections):  ${appRps.toFixed(0)} req/s`);
console.log(`GET /api/products (bare Fastify):              ${bareRps.toFixed(0)} req/s`);
console.log(`  ratio shop/bare ${ratio.toFixed(2)}, aim 0.80 or better: ${verdict(ratio >= 0.8)}`);
if (cart && bareCartRps) {
  const cartRatio = cart.shopRps / bareCartRps;
  console.log(
    `add to cart (shop, ${DATABASE_CONNECTIONS} connections):          ${cart.shopRps.toFixed(0)} req/s`,
  );
  console.log(`add to cart (bare route, same SQL):            ${bareCartRps.toFixed(0)} req/s`);
  console.log(`  ratio shop/bare ${cartRatio.toFixed(2)}, aim 0.80 or better: ${verdict(cartRatio >= 0.8)}`);
  console.log(
    `add to cart at 400/s: p99 ${cart.p99At400} ms, aim 30 ms or less: ${verdict(cart.p99At400 <= 30)}`,
  );
  console.log(
    `create-order at 200/s: p99 ${cart.createOrderP99At200} ms, aim 150 ms or less: ${verdict(cart.createOrderP99At200 <= 150)}`,
  );
  const stalls = loop.stalls ?? [];
  console.log(
    `event loop during the fixed-rate runs: p99 ${loop.p99Ms?.toFixed(1)} ms, max ${loop.maxMs?.toFixed(1)} ms, ${stalls.length} stalls over 50 ms${stalls.length > 0 ? ` (${stalls.map((stall) => `${stall.ms} ms at ${(stall.atMs / 1000).toFixed(1)} s`).join(', ')})` : ''}`,
  );
} else {
  console.log('add to cart and create-order: set DATABASE_URL to a PostgreSQL database to measure them');
}
for (const [file, bytes, when] of home.files)
  console.log(`  ${file}: ${(bytes / 1000).toFixed(1)} kB gzipped, ${when}`);
console.log(
  `home-page JavaScript, first load: ${homeKb.toFixed(1)} kB gzipped, budget ${HOME_BUDGET_KB} kB: ${verdict(homeKb <= HOME_BUDGET_KB)}`,
);
