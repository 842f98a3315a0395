import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { testRunEnv, testTimeouts } from '../server/test/test-run';

// docs/operations.md#compiled-server: what `npm start` runs after the build, and the operator's command, as
// processes of their own: plain `node`, no tsx, a PGlite folder of their own.
test.use({ viewport: { width: 360, height: 740 } });

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves once the server logs its address; rejects with its output if it exits first. */
function opened(child: ChildProcess): Promise<void> {
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    if (!child.stdout) throw new Error('no stdout');
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (line.includes('Ottoman Mittens is open at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${lines.join('\n')}`)));
  });
}

test('node dist/server/admin.js makes the first owner, node dist/server/main.js serves the shop and stops on SIGTERM', async ({
  page,
}) => {
  test.setTimeout(testTimeouts.setupMs);
  const dataDir = await mkdtemp(join(tmpdir(), 'mitten-compiled-'));
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    ...testRunEnv,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: join(dataDir, 'pglite'),
    MEDIA_DIR: join(dataDir, 'media'),
    LOG_FORMAT: 'json' as const,
    JOB_POLLING_INTERVAL_SECONDS: '5',
  };
  // The operator's command on a new folder, as in a deployed image (docs/operations.md#staff).
  const admin = spawnSync(
    process.execPath,
    [
      'dist/server/admin.js',
      'create-staff',
      '--email',
      'owner@example.in',
      '--name',
      'Asha Rao',
      '--role',
      'owner',
    ],
    { env, encoding: 'utf8' },
  );
  expect(admin.status, admin.stderr).toBe(0);
  const setupLink = admin.stdout.trim().split('\n').at(-1) ?? '';
  expect(setupLink).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/admin/setup/[\\w-]{43}$`));

  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await opened(child);
    await page.goto(setupLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your console account' })).toBeVisible();
    const health = await page.request.get(`http://127.0.0.1:${port}/api/health`);
    expect(health.status()).toBe(200);
    expect(health.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByRole('region', { name: 'Our Mittens' }).getByRole('article')).toHaveCount(7);

    // The server drains its own requests; the browser's keep-alive connections and late chunk fetches go first.
    await page.close();
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  } finally {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});
