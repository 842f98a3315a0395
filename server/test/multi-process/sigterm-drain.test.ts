import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, expect, it } from 'vitest';
import { migratedPgliteFolder } from '../test-database';
import { freePort } from './shop-processes';

let child: ChildProcess | undefined;
let folder: Awaited<ReturnType<typeof migratedPgliteFolder>> | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
  await folder?.remove();
  folder = undefined;
});

async function waitForHealth(base: string, deadline: number) {
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start in time');
}

// docs/operations.md#health-check: SIGTERM lets a request in flight finish, then the process exits 0.
it('finishes a request in flight when SIGTERM arrives, then exits 0', { timeout: 60_000 }, async () => {
  const port = await freePort();
  folder = await migratedPgliteFolder();
  const base = `http://127.0.0.1:${port}`;
  // node itself with tsx's loader, not the tsx command: that one runs the shop in a child of its own, which a
  // SIGKILL of the command would leave running.
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: folder.dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  await waitForHealth(base, Date.now() + 45_000);
  const faults = `${base}/sim/razorpay/control/faults`;
  const added = await fetch(faults, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'latency', delayMs: 800, endpoint: '/v1/orders' }),
  });
  expect(added.status).toBe(200);
  const inFlight = fetch(`${base}/sim/razorpay/v1/orders/order_x`);
  await expect.poll(async () => (await (await fetch(faults)).json()).faults[0].hit, { interval: 20 }).toBe(1);
  child.kill('SIGTERM');
  // Answered (the simulator wants its key), not cut off.
  expect((await inFlight).status).toBe(401);
  const [code] = await exited;
  expect(code).toBe(0);
});
