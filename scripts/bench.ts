// npm run bench: requests per second of GET /api/products beside a bare Fastify route returning the same
// JSON, and the gzipped size of the JavaScript the home page loads. One run, one report.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const HOME_BUDGET_KB = 90;

interface Running {
  port: number;
  child: ChildProcess;
}

function startServer(args: string[]): Promise<Running> {
  // Node itself with tsx's loader, not `npx tsx`: a signal to npx would leave the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-server.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function stop({ child }: Running): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function requestsPerSecond(url: string): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function homePageJavaScriptBytes(
  baseUrl: string,
): Promise<{ files: [string, number][]; total: number }> {
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
  const files: [string, number][] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          files.push([new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length]);
        }),
      );
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await Promise.all(pending);
  } finally {
    await browser.close();
  }
  return { files, total: files.reduce((sum, [, bytes]) => sum + bytes, 0) };
}

const app = await startServer(['app']);
const appUrl = `http://127.0.0.1:${app.port}`;
const catalogueJson = await (await fetch(`${appUrl}/api/products`)).text();
const home = await homePageJavaScriptBytes(appUrl);
const appRps = await requestsPerSecond(`${appUrl}/api/products`);
await stop(app);

const bare = await startServer(['bare', catalogueJson]);
const bareRps = await requestsPerSecond(`http://127.0.0.1:${bare.port}/api/products`);
await stop(bare);

const ratio = appRps / bareRps;
const homeKb = home.total / 1000;
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
console.log(`\nbench (v${version}, ${DURATION_S} s, ${CONNECTIONS} connections)`);
console.log(`GET /api/products (shop):        ${appRps.toFixed(0)} req/s`);
console.log(`GET /api/products (bare Fastify): ${bareRps.toFixed(0)} req/s`);
console.log(`ratio shop/bare:                  ${ratio.toFixed(2)} (aim 0.80 or better)`);
for (const [file, bytes] of home.files) console.log(`  ${file}: ${(bytes / 1000).toFixed(1)} kB gzipped`);
console.log(
  `home-page JavaScript:             ${homeKb.toFixed(1)} kB gzipped (aim under ${HOME_BUDGET_KB} kB)`,
);
