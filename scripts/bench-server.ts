// One server for the benchmark, in its own process. `app` is the whole shop (PostgreSQL when DATABASE_URL is
// set, else a fresh PGlite), whose shoppers the bench writes itself; `bare` is a Fastify with nothing but a
// route sending the catalogue's reply as the shop sent it, body and header lines; `bare-cart` is a Fastify
// whose add-to-cart runs the shop's same SQL straight on a pg pool of the same size. Prints the port when
// listening, its memory every few seconds, and on SIGTERM how long the event loop stalled. The shop is the
// one of the checkout this runs in (its working directory): this one, or the revision the bench compares it
// with (docs/operations.md#bench), always under this same harness.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';

/** A module of the shop being measured, by its path in that checkout. */
function shopModule<Module>(path: string): Promise<Module> {
  return import(pathToFileURL(join(process.cwd(), path)).href) as Promise<Module>;
}

const kind = process.argv[2];
const STALL_MS = 50;
const MEMORY_EVERY_MS = Number(process.env.BENCH_MEMORY_EVERY_MS ?? 10_000);

async function startApp() {
  // Production mode as shipped, with the payment and shipping simulators allowed (no real accounts here) and
  // no background workers competing with the requests being measured, unless BENCH_JOB_WORKERS=true.
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ALLOW_SIMULATORS: 'true',
    JOB_WORKERS: process.env.BENCH_JOB_WORKERS ?? 'false',
    ALTCHA_HMAC_KEY: 'bench-challenge-key-0123456789abcdef0123',
    STAFF_SECRETS_KEY: 'bench-staff-secrets-key-0123456789abcdef',
    // Every upload of the bench comes from one address, and its photos go to a folder of their own.
    PHOTO_UPLOADS_PER_IP: '1000000',
    MEDIA_DIR: process.env.BENCH_MEDIA_DIR ?? join(tmpdir(), 'bench-media'),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
  const { loadConfig } = await shopModule<typeof import('../server/config')>('server/config.ts');
  const { buildApp } = await shopModule<typeof import('../server/app')>('server/app.ts');
  const config = { ...loadConfig(env), dataDir: 'memory://' };
  const app = await buildApp(config, { logger: false });
  // Stock that no run sells out, however many checkouts hold it.
  await app.executeSql('update products set stock = greatest(stock, 100000000)');
  return app;
}

/**
 * The catalogue's reply as the shop sent it, stored once and sent as it is: the same body and the same
 * header lines (its request id too, fixed), so the client reads the same bytes; Node adds Date and
 * Connection to both.
 */
async function startBare(bodyFile: string, headersFile: string) {
  const body = readFileSync(bodyFile);
  const headers = JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>;
  const bare = Fastify({ logger: false });
  bare.get('/api/products', (_request, reply) => reply.headers(headers).send(body));
  return bare;
}

/**
 * The shop's add-to-cart SQL (the session, then one statement saving and reading back) with nothing of the
 * shop around it.
 */
async function startBareCart(databaseUrl: string) {
  const { hashToken } = await shopModule<typeof import('../server/modules/auth/tokens')>(
    'server/modules/auth/tokens.ts',
  );
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const bare = Fastify({ logger: false });
  bare.post<{ Body: { cart: { id: number; quantity: number; size?: string }[] } }>(
    '/api/cart/update',
    async (request, reply) => {
      const token = (request.headers.authorization ?? '').slice('Bearer '.length);
      const { rows: sessions } = await pool.query(
        `select s.id, s.user_id from sessions s join users u on u.id = s.user_id
         where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and u.blocked_at is null limit 1`,
        [hashToken(token), new Date()],
      );
      const userId = sessions[0]?.user_id as string | undefined;
      if (!userId) return reply.code(401).send({ message: 'unauthorized' });
      const { rows } = await pool.query(
        `select p.*, w.line_size, w.line_quantity
         from replace_cart($1, $2::jsonb) w join products p on p.id = w.line_product_id
         order by w.line_created_at, w.line_product_id, w.line_size`,
        [
          userId,
          JSON.stringify(
            request.body.cart.map((line) => ({
              product_id: line.id,
              size: line.size ?? 'M',
              quantity: line.quantity,
            })),
          ),
        ],
      );
      return { cart: rows };
    },
  );
  bare.addHook('onClose', () => pool.end());
  return bare;
}

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
// Stalls as the bench sees them: a 10 ms tick that fires late by more than STALL_MS.
const stalls: { atMs: number; ms: number }[] = [];
const startedAt = performance.now();
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  const late = now - lastTick - 10;
  if (late > STALL_MS) stalls.push({ atMs: Math.round(now - startedAt), ms: Math.round(late) });
  lastTick = now;
}, 10).unref();

const server =
  kind === 'bare'
    ? await startBare(process.argv[3] ?? '', process.argv[4] ?? '')
    : kind === 'bare-cart'
      ? await startBareCart(process.env.DATABASE_URL ?? '')
      : await startApp();
await server.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${(server.server.address() as AddressInfo).port}`);
function printMemory(prefix: 'memory' | 'settled-memory') {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  const atMs = Math.round(performance.now() - startedAt);
  console.log(`${prefix} ${JSON.stringify({ atMs, rss, heapUsed, heapTotal, external })}`);
}
setInterval(() => printMemory('memory'), MEMORY_EVERY_MS).unref();
// `settle` on stdin: a full collection, then the memory it leaves (docs/operations.md#bench): the soak reads
// the shop's memory this way at each minute, so a figure says what the shop holds, not where the collector's
// saw-tooth happened to be when it was read.
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text: string) => {
  if (!text.includes('settle')) return;
  globalThis.gc?.();
  printMemory('settled-memory');
});
process.stdin.unref();
process.on('SIGUSR2', () => {
  // A fresh window for the run being measured: set-up and warm-up stalls are not the server's steady state.
  loopDelay.reset();
  stalls.length = 0;
});
process.on('SIGTERM', () => {
  const report = {
    p99Ms: loopDelay.percentile(99) / 1e6,
    maxMs: loopDelay.max / 1e6,
    stalls,
  };
  console.log(`event-loop ${JSON.stringify(report)}`);
  server.close().then(() => process.exit(0));
});
