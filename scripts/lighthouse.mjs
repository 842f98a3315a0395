#!/usr/bin/env node
// docs/operations.md#lighthouse: Lighthouse (mobile, its default simulated slow 4G and 4x CPU) against a
// fresh server on the build in dist/web, for the home, a product, the cart and checkout (the last two
// signed in, with a cart). Builds nothing: run `npm run build` first. Not part of CI.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage';
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
  for (const item of (report.audits['long-tasks']?.details?.items ?? []).slice(0, 3)) {
    lines.push(`long task ${Math.round(item.duration)} ms: ${item.url}`);
  }
  for (const item of report.audits['render-blocking-resources']?.details?.items ?? []) {
    lines.push(`render-blocking: ${item.url}`);
  }
  return lines.map((line) => `  ${name}: ${line}`);
}

async function main() {
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
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'mitten-lighthouse-'));
  // As `npm start` runs it, on a fresh embedded database of its own.
  const serverEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl };
  delete serverEnv.DATABASE_URL;
  delete serverEnv.REDIS_URL;
  const server = spawn('node', ['dist/server/main.js'], {
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForServer(baseUrl, server);
    const cookie = await signedInShopperCookie(baseUrl);
    const rows = [];
    const notes = [];
    for (const page of pages) {
      console.error(`lighthouse: ${page.name} (${page.path})…`);
      const url = `${baseUrl}${page.path}`;
      const pageCookie = page.signedIn ? cookie : undefined;
      // A busy machine now and then loses the trace (NO_NAVSTART): one more try before giving up.
      const report = await runLighthouse(url, pageCookie).catch((error) => {
        console.error(`lighthouse: ${error.message}; trying once more`);
        return runLighthouse(url, pageCookie);
      });
      rows.push(summary(page.name, report));
      notes.push(...diagnostics(page.name, report));
    }
    console.table(rows);
    if (notes.length > 0) console.log(notes.join('\n'));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`lighthouse: ${error.message}`);
  process.exit(1);
});
