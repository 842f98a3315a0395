import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { createShopper } from '../shopper-factory';
import { freePort, isHealthy, ShopProcesses } from './shop-processes';

// docs/operations.md#fault-controls: a PostgreSQL of the test's own (initdb and pg_ctl from the machine's
// PostgreSQL), stopped and started again under the shop while shoppers write their carts.

const binDirectory = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
].find((directory) => existsSync(join(directory, 'pg_ctl')));
// initdb refuses to run as root: as root the cluster belongs to the postgres user.
const asRoot = process.getuid?.() === 0;

function runAsOwner(command: string, args: string[]) {
  const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  // The server pg_ctl starts keeps any pipe it was given open: its output goes to a log file instead.
  execFileSync(file, fileArgs, { stdio: 'ignore' });
}

const shops = new ShopProcesses();
let dataDirectory: string | undefined;
afterAll(async () => {
  await shops.stopAll();
  if (dataDirectory && binDirectory) {
    try {
      runAsOwner(join(binDirectory, 'pg_ctl'), ['stop', '-D', dataDirectory, '-m', 'immediate']);
    } catch {
      // Already stopped.
    }
    rmSync(dataDirectory, { recursive: true, force: true });
  }
});

const WRITERS = 4;

it.skipIf(!binDirectory || !process.env.DATABASE_URL || !process.env.REDIS_URL)(
  'a PostgreSQL restart: /api/health answers 503, then 200, and every cart save the shop acknowledged is kept (skipped without PostgreSQL binaries, DATABASE_URL and REDIS_URL)',
  { timeout: 120_000 },
  async () => {
    const pgCtl = join(binDirectory as string, 'pg_ctl');
    dataDirectory = mkdtempSync(join(tmpdir(), 'mitten-pg-'));
    if (asRoot) execFileSync('chown', ['postgres', dataDirectory]);
    runAsOwner(join(binDirectory as string, 'initdb'), [
      '-D',
      dataDirectory,
      '-U',
      'postgres',
      '--auth=trust',
    ]);
    const port = await freePort();
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dataDirectory} -c fsync=on`;
    const log = join(dataDirectory, 'server.log');
    const start = () =>
      runAsOwner(pgCtl, ['start', '-w', '-D', dataDirectory as string, '-l', log, '-o', options]);
    start();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const shop = await shops.start(url);
    const handle = await openDatabase({ url, dataDir: 'memory://' });
    const shoppers = await Promise.all(
      Array.from({ length: WRITERS }, () => createShopper({ db: handle.db })),
    );
    await handle.close();

    // Each writer saves its cart again and again, and remembers the last save the shop acknowledged.
    let writing = true;
    const acknowledged = new Map<string, { id: number; quantity: number }>();
    const writers = shoppers.map(async (shopper, writer) => {
      for (let round = 0; writing; round += 1) {
        const line = { id: 1 + ((round + writer) % 7), quantity: 1 + (round % 10) };
        const saved = await fetch(`${shop.base}/api/cart/update`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...shopper.headers },
          body: JSON.stringify({ cart: [line] }),
        }).catch(() => undefined);
        if (saved?.ok) acknowledged.set(shopper.user._id, line);
        await saved?.arrayBuffer();
      }
    });
    const healthStatus = () => fetch(`${shop.base}/api/health`).then((response) => response.status);
    await expect.poll(() => acknowledged.size, { timeout: 10_000 }).toBe(WRITERS);

    runAsOwner(pgCtl, ['stop', '-w', '-D', dataDirectory, '-m', 'fast']);
    await expect
      .poll(healthStatus, { timeout: 15_000 })
      .toBe(503)
      .catch((error) => {
        throw new Error(`${error}; exit ${shop.child.exitCode}; ${shop.errors().slice(-3000)}`);
      });
    start();
    await expect.poll(() => isHealthy(shop.base), { timeout: 30_000 }).toBe(true);
    // Writes go on after the restart, so each writer's last acknowledged save comes after it.
    const acknowledgedBefore = new Map(acknowledged);
    await expect
      .poll(
        () => shoppers.every((s) => acknowledged.get(s.user._id) !== acknowledgedBefore.get(s.user._id)),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    writing = false;
    // Saves made while PostgreSQL was down waited for a connection (up to 5 s) or failed; neither counts.
    await Promise.all(writers);

    const check = await openDatabase({ url, dataDir: 'memory://' });
    try {
      for (const shopper of shoppers) {
        const { rows } = await check.executeSql(
          'select product_id as id, quantity from cart_lines where user_id = $1',
          [shopper.user._id],
        );
        expect(rows).toEqual([acknowledged.get(shopper.user._id)]);
      }
    } finally {
      await check.close();
    }
  },
);
