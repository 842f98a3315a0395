import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { staffConsoleMessages } from '../contracts/staff';
import { readOutbox } from '../server/test/dev-outbox';
import { totpCodeAt } from '../server/test/staff-factory';
import { testRunEnv, testTimeouts } from '../server/test/test-run';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// docs/operations.md#compiled-server: what `npm start` runs after the build, and the operator's command, as
// processes of their own: plain `node`, no tsx, a fresh PGlite folder of their own. The first owner is made
// while the shop runs (docs/operations.md#pglite-lock: the command asks the shop holding the folder), then
// their journey on a phone (docs/product.md#staff): set-up with an authenticator (codes computed here),
// sign-in with password and code, a support member invited, the audit log read. The only journey that signs
// staff in through the forms; the others put a session's cookie in the browser.

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves once the server logs its address, with its log so far and on; rejects with it if it exits first. */
function opened(child: ChildProcess): Promise<string[]> {
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    if (!child.stdout) throw new Error('no stdout');
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (line.includes('Ottoman Mittens is open at')) resolve(lines);
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${lines.join('\n')}`)));
  });
}

/** Runs a compiled script to its end. */
async function run(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [script, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'close');
  return { code: code as number | null, stdout: stdout.trim(), stderr: stderr.trim() };
}

test('on a fresh start the compiled command makes the first owner while the shop runs; they set up the console, sign in with a code, invite support and read the audit log; a second run and a second shop on the folder are refused clearly; SIGTERM lets a request in flight finish', async ({
  browser,
}) => {
  test.setTimeout(testTimeouts.setupMs);
  const dataDir = await mkdtemp(join(tmpdir(), 'mitten-compiled-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    ...testRunEnv,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: join(dataDir, 'pglite'),
    MEDIA_DIR: join(dataDir, 'media'),
    LOG_FORMAT: 'json' as const,
    JOB_POLLING_INTERVAL_SECONDS: '5',
  };
  const ownerEmail = `owner${Date.now()}@example.in`;
  const password = 'saffron-loom-quilt-7';
  const createOwner = (email: string) =>
    run(
      'dist/server/admin.js',
      ['create-staff', '--email', email, '--name', 'Asha Rao', '--role', 'owner'],
      env,
    );

  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const log = await opened(child);
    // docs/operations.md#staff: a shop with no staff says how to make the first owner.
    await expect
      .poll(() => log.find((line) => line.includes('No one can sign in to the console yet')))
      .toContain('npm run admin -- create-staff --email you@example.in --name \\"Your Name\\" --role owner');
    // The operator's command in another terminal, while the shop holds the folder (docs/operations.md#staff).
    const admin = await createOwner(ownerEmail);
    expect(admin.code, admin.stderr).toBe(0);
    const setupLink = admin.stdout.split('\n').at(-1) ?? '';
    expect(admin.stdout).toContain(`Created owner Asha Rao <${ownerEmail}>.`);
    expect(setupLink).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/admin/setup/[\\w-]{43}$`));

    const context = await browser.newContext({ baseURL: origin, viewport: phoneViewport });
    const page = await context.newPage();
    const health = await page.request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(health.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto(setupLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your console account' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectNoAxeViolations(page);
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByLabel('Choose a password').fill(password);
    await page.getByLabel('The password again').fill(password);
    await page.getByLabel('6-digit code the app shows').fill(totpCodeAt(secret));
    await page.getByRole('button', { name: 'Finish set-up' }).click();
    await expect(
      page.getByText('Your account is ready. Keep your recovery codes somewhere safe.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(
      10,
    );
    await expect(page.getByRole('link', { name: 'Download the codes' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('E-mail').fill(ownerEmail);
    await page.getByLabel('Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Those sign-in details are not right. Please check them and try again.',
    );
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The set-up used this time step's code: a code is accepted once, so sign-in takes the next one.
    await page.getByLabel('6-digit code from your authenticator').fill(totpCodeAt(secret, 1));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // docs/product.md#staff: the console opens on the dashboard, for an owner and for support.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText(
      'Nothing needs attention.',
    );

    // At once: the command again with the same e-mail, which the running shop answers with why; and a second
    // shop on the same folder, refused before it opens it, naming the one that holds it. Nothing breaks.
    const [again, secondShop] = await Promise.all([
      createOwner(ownerEmail),
      freePort().then((other) => run('dist/server/main.js', [], { ...env, PORT: String(other) })),
    ]);
    expect(again).toMatchObject({ code: 1, stdout: '', stderr: staffConsoleMessages.emailTaken });
    expect(secondShop.code).toBe(1);
    expect(
      secondShop.stderr.startsWith(
        `The database folder ${env.DATA_DIR} is open in process ${child.pid} (main.js, since `,
      ),
      secondShop.stderr,
    ).toBe(true);
    expect(secondShop.stderr).toContain(`delete ${env.DATA_DIR}.lock.`);
    expect(child.exitCode).toBeNull();
    // On a phone the console's pages are behind its one-line header's Menu (docs/architecture.md#console-on-a-phone).
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(page.getByRole('cell', { name: ownerEmail })).toBeVisible();
    await expectNoAxeViolations(page);

    const supportEmail = `support${Date.now()}@example.in`;
    await page.getByLabel('Name').fill('Sam Iyer');
    await page.getByLabel('E-mail').fill(supportEmail);
    await page.getByLabel('Role', { exact: true }).selectOption('support');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Invitation sent.' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: supportEmail });
    await expect(row.getByRole('cell', { name: 'Invited' })).toBeVisible();
    const [invitation] = await readOutbox(page.request, supportEmail);
    expect(invitation?.body).toContain('Asha Rao has invited you to the Ottoman Mittens console as support.');
    expect(invitation?.body).toMatch(/\/admin\/setup\/[\w-]{43}/);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const invitedRow = page
      .getByRole('row')
      .filter({ hasText: 'staff.create' })
      .filter({ hasText: supportEmail });
    await expect(invitedRow.getByRole('cell').nth(1)).toHaveText('Asha Rao');
    await expect(
      page.getByRole('row').filter({ hasText: 'staff.create' }).filter({ hasText: 'Command line' }),
    ).toContainText(ownerEmail);
    await expect(page.getByRole('row').filter({ hasText: 'staff.sign_in' })).toHaveCount(1);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();

    // The shop itself, as the compiled server serves it.
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Our Mittens' }).getByRole('article')).toHaveCount(7);

    // docs/operations.md#health-check: SIGTERM lets a request in flight finish, then the process exits 0. The
    // browser's keep-alive connections and late chunk fetches go first; a Razorpay call held 800 ms by a fault
    // is the request in flight.
    await context.close();
    const faults = `${origin}/sim/razorpay/control/faults`;
    const added = await fetch(faults, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'latency', delayMs: 800, endpoint: '/v1/orders' }),
    });
    expect(added.status).toBe(200);
    const inFlight = fetch(`${origin}/sim/razorpay/v1/orders/order_x`);
    await expect
      .poll(
        async () => ((await (await fetch(faults)).json()) as { faults: { hit: number }[] }).faults[0]?.hit,
        {
          intervals: [20],
        },
      )
      .toBe(1);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    // Answered (the simulator wants its key), not cut off.
    expect((await inFlight).status).toBe(401);
    expect(await exited).toEqual([0, null]);
    // It let go of its folder (the command alone on a folder: staff-console.test.ts).
    expect(existsSync(`${env.DATA_DIR}.lock`)).toBe(false);
  } finally {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});
