#!/usr/bin/env node
// docs/operations.md#lighthouse: Lighthouse (mobile, its default simulated slow 4G and 4x CPU) on this
// checkout's build in dist/web side by side with another revision's (by default the merge base with main,
// built in a worktree of its own: scripts/load/revision.ts), each served by its own fresh server, for the
// home, a product, the cart and checkout (the last two signed in, with a cart). The runs are interleaved page
// by page (this, against, this, against…) and each figure is printed for both with the ratio this / against.
// Builds only the other revision: run `npm run build` first. Not part of CI.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  formatFigures,
  formatLoad,
  formatTable,
  formatValue,
  interleave,
  median,
  parseLighthouseArgs,
} from './load/compare.ts';
import { prepareRevision, resolveAgainst, thisCheckout } from './load/revision.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Nothing of Chromium's own on the network or the CPU while it measures (updates, sync, first-run pages).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');
const SERVER_START_MS = 120_000;
const pages = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'product', path: '/product/1', signedIn: false },
  { name: 'cart', path: '/cart', signedIn: true },
  { name: 'checkout', path: '/checkout', signedIn: true },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Polls until the server answers its home page, or gives up. */
async function waitForServer(baseUrl, server) {
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/products`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer within ${SERVER_START_MS / 1000} s`);
}

async function api(baseUrl, method, path, body, cookie) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'fetch',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path} answered ${response.status}: ${text}`);
  return { response, json: text ? JSON.parse(text) : undefined };
}

/**
 * A shopper signed up through the API as the browser app does (the OTP read from the dev outbox), with two
 * mittens in the cart; returns the cookies a signed-in browser holds.
 */
async function signedInShopperCookie(baseUrl) {
  const stamp = `${Date.now()}`.slice(-7);
  const email = `lighthouse${stamp}@example.in`;
  await api(baseUrl, 'POST', '/auth/send-otp', { email });
  const outbox = await api(baseUrl, 'GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
  const otp = outbox.json.messages.find((message) => message.code)?.code;
  if (!otp) throw new Error(`no code in the dev outbox for ${email}`);
  const verified = await api(baseUrl, 'POST', '/auth/verify-otp', { email, otp });
  const signup = await api(baseUrl, 'POST', '/auth/signup', {
    verificationToken: verified.json.verificationToken,
    email,
    mobile: `98${stamp}0`,
    password: 'silk-mitten-42',
    firstName: 'Asha',
    lastName: 'Rao',
    houseName: 'Flat 4B, Lotus Residency',
    streetArea: 'MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pincode: '560001',
  });
  const cookie = signup.response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!cookie.includes('mitten_session=')) throw new Error('the signup set no session cookie');
  await api(baseUrl, 'POST', '/cart/update', { cart: [{ id: 1, quantity: 2 }] }, cookie);
  return cookie;
}

function runLighthouse(url, cookie) {
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--only-categories=performance,accessibility,best-practices,seo',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, {
      env: { ...process.env, CHROME_PATH },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`lighthouse exited with code ${code} for ${url}`));
      else resolve(JSON.parse(output));
    });
  });
}

function summary(name, report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  const scripts = report.audits['resource-summary']?.details?.items?.find(
    (item) => item.resourceType === 'script',
  );
  return {
    page: name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    'FCP s': (value('first-contentful-paint') / 1000).toFixed(1),
    'LCP s': (value('largest-contentful-paint') / 1000).toFixed(1),
    'TBT ms': Math.round(value('total-blocking-time')),
    CLS: value('cumulative-layout-shift').toFixed(3),
    'JS kB': ((scripts?.transferSize ?? 0) / 1000).toFixed(1),
  };
}

/** What to look at first: the audits that lost points outside Performance, the LCP element, what shifted. */
function diagnostics(name, report) {
  const lines = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit?.score !== null && audit.score < 1) lines.push(`${id}: ${audit.title}`);
    }
  }
  const lcpNode = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpNode) lines.push(`LCP element: ${lcpNode.snippet}`);
  for (const item of report.audits['layout-shifts']?.details?.items ?? []) {
    lines.push(`layout shift ${item.score.toFixed(3)}: ${item.node?.snippet ?? '(unknown node)'}`);
  }
  for (const item of (report.audits['bootup-time']?.details?.items ?? []).slice(0, 3)) {
    lines.push(
      `script ${item.url}: ${Math.round(item.scripting)} ms evaluating, ${Math.round(item.scriptParseCompile)} ms parsing`,
    );
  }
  const work = report.audits['mainthread-work-breakdown']?.details?.items ?? [];
  if (work.length > 0)
    lines.push(
      `main thread: ${work.map((item) => `${item.groupLabel} ${Math.round(item.duration)} ms`).join(', ')}`,
    );
  for (const item of (report.audits['long-tasks']?.details?.items ?? []).slice(0, 3)) {
    lines.push(`long task ${Math.round(item.duration)} ms: ${item.url}`);
  }
  for (const item of report.audits['render-blocking-resources']?.details?.items ?? []) {
    lines.push(`render-blocking: ${item.url}`);
  }
  return lines.map((line) => `  ${name}: ${line}`);
}

/** Serves a checkout's build as `npm start` does, on a free port and a fresh embedded database of its own. */
async function startShop(root) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'mitten-lighthouse-'));
  const serverEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl };
  delete serverEnv.DATABASE_URL;
  delete serverEnv.REDIS_URL;
  const server = spawn('node', ['dist/server/main.js'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(baseUrl, server);
    return { baseUrl, cookie: await signedInShopperCookie(baseUrl), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The figures of one page as the side-by-side table shows them, in the order of Lighthouse's report. */
const METRICS = [
  { name: 'Performance', unit: 'score', of: (row) => row.performance },
  { name: 'Accessibility', unit: 'score', of: (row) => row.accessibility },
  { name: 'Best Practices', unit: 'score', of: (row) => row['best-practices'] },
  { name: 'SEO', unit: 'score', of: (row) => row.seo },
  { name: 'FCP', unit: 's', of: (row) => Number(row['FCP s']) },
  { name: 'LCP', unit: 's', of: (row) => Number(row['LCP s']) },
  { name: 'TBT', unit: 'ms', of: (row) => row['TBT ms'] },
  { name: 'CLS', unit: 'shift', of: (row) => Number(row.CLS) },
  { name: 'JS', unit: 'kB', of: (row) => Number(row['JS kB']) },
];

async function main() {
  const args = parseLighthouseArgs(process.argv.slice(2));
  if (!existsSync('dist/web/index.html')) {
    console.error('lighthouse: dist/web is missing: run `npm run build` first.');
    process.exit(1);
  }
  if (!existsSync(CHROME_PATH)) {
    console.error(
      `lighthouse: no Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH).`,
    );
    process.exit(1);
  }
  const here = process.cwd();
  const thisRevision = thisCheckout(here);
  const againstRevision = resolveAgainst(args.against, here);
  const sides = [{ name: 'this', revision: thisRevision, root: here }];
  if (againstRevision) {
    const root = prepareRevision(againstRevision.sha, here, (line) => console.error(`lighthouse: ${line}`));
    sides.push({ name: 'against', revision: againstRevision, root });
  }
  console.log(
    `lighthouse ${LIGHTHOUSE} (mobile), ${new Date().toISOString()}: this ${thisRevision.label}${
      againstRevision ? ` against ${againstRevision.label}, runs interleaved page by page` : ' alone'
    }; ${args.runs} run${args.runs === 1 ? '' : 's'} a page; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const shops = [];
  try {
    for (const side of sides) shops.push({ side, ...(await startShop(side.root)) });
    /** Per side, per page: each run's summary row, with its load. */
    const results = new Map(sides.map((side) => [side, new Map(pages.map((page) => [page, []]))]));
    const notes = [];
    for (const page of pages) {
      for (const { run, side: shop } of interleave(args.runs, shops)) {
        console.error(`lighthouse: ${page.name} (${page.path}), run ${run}, ${shop.side.name}…`);
        const url = `${shop.baseUrl}${page.path}`;
        const pageCookie = page.signedIn ? shop.cookie : undefined;
        const start = loadavg()[0];
        // A busy machine now and then loses the trace (NO_NAVSTART): one more try before giving up.
        const report = await runLighthouse(url, pageCookie).catch((error) => {
          console.error(`lighthouse: ${error.message}; trying once more`);
          return runLighthouse(url, pageCookie);
        });
        const row = summary(page.name, report);
        // LIGHTHOUSE_REPORTS=<dir>: every run's whole report, to read further than the notes below.
        if (process.env.LIGHTHOUSE_REPORTS) {
          writeFileSync(
            join(
              process.env.LIGHTHOUSE_REPORTS,
              `${page.name}-${shop.side.name}-${run}.json`.replaceAll(' ', '-'),
            ),
            JSON.stringify(report),
          );
        }
        results
          .get(shop.side)
          .get(page)
          .push({
            run,
            row,
            load: { start, end: loadavg()[0] },
            benchmarkIndex: report.environment?.benchmarkIndex,
          });
        if (run === args.runs) notes.push(...diagnostics(`${page.name} (${shop.side.name})`, report));
      }
    }
    /** The median of each figure over a page's runs, for one side. */
    const medianRow = (side, page) => {
      const runs = results.get(side).get(page);
      return Object.fromEntries(
        METRICS.map((metric) => [metric.name, median(runs.map(({ row }) => metric.of(row)))]),
      );
    };
    for (const side of sides) {
      console.log(
        `\n${side.name} (${side.revision.label})${args.runs > 1 ? `, medians of ${args.runs} runs` : ''}:`,
      );
      const rows = pages.map((page) => [
        page.path,
        ...METRICS.map((metric) => formatValue(medianRow(side, page)[metric.name], metric.unit)),
      ]);
      for (const line of formatTable(['page', ...METRICS.map((metric) => metric.name)], rows))
        console.log(line);
    }
    if (againstRevision) {
      console.log(
        `\nside by side, this / against (TBT and Performance move with the machine's load: read the ratios):`,
      );
      const figures = pages.flatMap((page) => {
        const rows = sides.map((side) => medianRow(side, page));
        return METRICS.map((metric) => ({
          name: `${page.path} ${metric.name}`,
          unit: metric.unit,
          values: rows.map((row) => row[metric.name]),
        }));
      });
      for (const line of formatFigures(
        figures,
        sides.map((side) => side.name),
      ))
        console.log(line);
    }
    console.log('\neach run, in the order run, with the 1-minute load average at its start and end:');
    for (const page of pages)
      for (const { run, side: shop } of interleave(args.runs, shops)) {
        const entry = results
          .get(shop.side)
          .get(page)
          .find((result) => result.run === run);
        console.log(
          `  ${page.path} run ${run} ${shop.side.name.padEnd(7)} Performance ${entry.row.performance}, TBT ${entry.row['TBT ms']} ms, LCP ${entry.row['LCP s']} s, the machine's benchmark index ${Math.round(entry.benchmarkIndex ?? Number.NaN)}, ${formatLoad(entry.load)}`,
        );
      }
    if (notes.length > 0) console.log(notes.join('\n'));
  } finally {
    for (const shop of shops) await shop.stop();
  }
}

main().catch((error) => {
  console.error(`lighthouse: ${error.message}`);
  process.exit(1);
});
