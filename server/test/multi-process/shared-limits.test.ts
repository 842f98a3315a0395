import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';

const children: ChildProcess[] = [];
let database: TestDatabase | undefined;
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(children.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
  await database?.drop();
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startShop(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // node itself with tsx's loader, not the tsx command: that one runs the shop in a child of its own, which a
  // SIGKILL of the command would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      AUTH_RATE_LIMIT_MAX: '2',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the shop on ${base} exited with ${child.exitCode}: ${errors}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return base;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the shop on ${base} did not start in time`);
}

// docs/operations.md#scaling-out: two processes on one PostgreSQL and one Redis count limits together.
it.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
  'two shop processes share the auth rate limit through Redis (skipped without DATABASE_URL and REDIS_URL: PGlite is one process)',
  { timeout: 90_000 },
  async () => {
    database = await createTestDatabase(undefined);
    const url = database.url as string;
    // One after the other: on an empty database two pg-boss starts race (docs/operations.md#scaling-out).
    const a = await startShop(url);
    const b = await startShop(url);
    // An address of this run's own: counters in the shared Redis outlive earlier runs.
    const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const login = (base: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ email: 'nobody@example.in', password: 'wrong password 1' }),
      }).then((r) => r.status);
    expect(await login(a)).not.toBe(429);
    expect(await login(b)).not.toBe(429);
    expect(await login(a)).toBe(429);
    expect(await login(b)).toBe(429);
  },
);
