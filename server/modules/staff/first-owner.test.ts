import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffSetupInfo, staffConsoleMessages } from '../../../contracts/staff';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { DataFolderInUseError, type FolderHolder, lockPathOf } from '../../db/pglite-folder-lock';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { freePort } from '../../test/multi-process/shop-processes';
import { createScratchDatabase, postgresMissing } from '../../test/scratch-postgres';
import { totpCodeAt } from '../../test/staff-factory';
import { testAppConfig } from '../../test/test-config';
import { migratedPgliteFolder } from '../../test/test-database';
import { runAdminCommandOnShop, waitingForShopMessage } from './admin-command-runner';
import {
  buildCommandChannel,
  COMMAND_PATH,
  commandChannelMessages,
  isLoopbackAddress,
} from './command-channel';
import { ADMIN_USAGE } from './command-line';
import { firstOwnerHint } from './first-owner-hint';

const PASSWORD = 'saffron-loom-quilt-7';
const PUBLIC_URL = 'https://shop.example';
let sequence = 0;
const uniqueEmail = () => `first${Date.now() % 1_000_000}${++sequence}@example.in`;
const createStaff = (email: string) => [
  'create-staff',
  '--email',
  email,
  '--name',
  'Asha Rao',
  '--role',
  'owner',
];
const tokenOf = (output: string) => output.split('/admin/setup/')[1]?.trim() ?? '';

/** The set-up link works on this app: the page opens, and a password and a code finish it. */
async function setUpOn(app: { inject: TestApp['inject'] }, token: string) {
  const info = await app.inject({ method: 'GET', url: `/api/admin/setup/${token}` });
  expect(info.statusCode, info.body).toBe(200);
  const done = await app.inject({
    method: 'POST',
    url: `/api/admin/setup/${token}`,
    payload: { password: PASSWORD, code: totpCodeAt(info.json<StaffSetupInfo>().totpSecret) },
  });
  expect(done.statusCode, done.body).toBe(200);
}

describe("the running shop's command channel", () => {
  let app: TestApp;
  const token = 'a-token-only-the-lock-file-holds-0123456789';
  let channel: ReturnType<typeof buildCommandChannel>;
  beforeAll(async () => {
    app = await buildTestApp({ jobWorkers: false });
    channel = buildCommandChannel({ db: app.db, publicUrl: PUBLIC_URL, token });
  });
  afterAll(async () => {
    await channel.close();
    await app.closeAndDrop();
  });

  const send = (args: string[], options: { token?: string; remoteAddress?: string } = {}) =>
    channel.inject({
      method: 'POST',
      url: COMMAND_PATH,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: options.token === '' ? {} : { authorization: `Bearer ${options.token ?? token}` },
      payload: { args },
    });

  it("runs the command for a caller on this machine with the lock's token, with the output of the command run alone", async () => {
    const email = uniqueEmail();
    const reply = await send(createStaff(email), { remoteAddress: '::ffff:127.0.0.1' });
    expect(reply.statusCode, reply.body).toBe(200);
    const { output } = reply.json<{ output: string }>();
    expect(output).toMatch(
      new RegExp(
        `^Created owner Asha Rao <${email}>\\.\\nSet-up link \\(works once, for 24 hours\\):\\n` +
          'https://shop\\.example/admin/setup/[\\w-]{43}$',
      ),
    );
    await setUpOn(app, tokenOf(output));

    const again = await send(createStaff(email.toUpperCase()));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: staffConsoleMessages.emailTaken });
    const wrongWords = await send(['delete-everything']);
    expect(wrongWords.statusCode).toBe(400);
    expect(wrongWords.json()).toEqual({ message: ADMIN_USAGE });
    const notArgs = await channel.inject({
      method: 'POST',
      url: COMMAND_PATH,
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${token}` },
      payload: { args: 'create-staff' },
    });
    expect(notArgs.statusCode).toBe(400);
    expect(notArgs.json()).toEqual({ message: commandChannelMessages.invalid });
  });

  it('refuses a wrong or missing token, and any address but loopback even with the token', async () => {
    const email = uniqueEmail();
    for (const wrong of ['', `${token}x`, token.slice(0, -1)]) {
      const reply = await send(createStaff(email), { token: wrong });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ message: commandChannelMessages.wrongToken });
    }
    for (const remoteAddress of ['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.4', '2001:db8::1']) {
      const reply = await send(createStaff(email), { remoteAddress });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ message: commandChannelMessages.notLoopback });
    }
    // Nothing was made: the e-mail is still free.
    expect((await send(createStaff(email))).statusCode).toBe(200);
  });

  it('counts only 127.0.0.0/8 and ::1 as this machine', () => {
    expect(['127.0.0.1', '127.8.0.3', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['', undefined, '0.0.0.0', '::', '128.0.0.1', '::ffff:10.0.0.1', 'localhost'].map(isLoopbackAddress),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('npm run admin while the shop runs on a PGlite folder', () => {
  let folder: Awaited<ReturnType<typeof migratedPgliteFolder>>;
  let shop: Awaited<ReturnType<typeof buildApp>> | undefined;
  beforeAll(async () => {
    folder = await migratedPgliteFolder();
  });
  afterAll(async () => {
    await shop?.close();
    // The lock sits beside the folder; a test leaves one written by hand.
    rmSync(lockPathOf(folder.dataDir), { force: true });
    await folder.remove();
  });

  it('asks the running shop, whose log hinted at the command and whose link then works; a second run is told the e-mail is taken; another opener is refused; once the shop stops it opens the folder itself', async () => {
    const config = testAppConfig(undefined, {
      jobWorkers: false,
      dataDir: folder.dataDir,
      publicUrl: PUBLIC_URL,
    });
    shop = await buildApp(config, { logger: false });
    await shop.ready();
    expect(await firstOwnerHint(shop.db, 'development')).toBe(
      'No one can sign in to the console yet. Make the first owner while the shop runs, in another terminal ' +
        'in this folder: npm run admin -- create-staff --email you@example.in --name "Your Name" --role owner',
    );
    expect(await firstOwnerHint(shop.db, 'production')).toContain(': node dist/server/admin.js create-staff');

    const email = uniqueEmail();
    const output = await runAdminCommandOnShop(config, createStaff(email));
    expect(output).toMatch(
      new RegExp(
        `^Created owner Asha Rao <${email}>\\.\\n.*\\nhttps://shop\\.example/admin/setup/[\\w-]{43}$`,
      ),
    );
    await setUpOn(shop, tokenOf(output));
    expect(await firstOwnerHint(shop.db, 'development')).toBeUndefined();

    await expect(runAdminCommandOnShop(config, createStaff(email))).rejects.toThrow(
      staffConsoleMessages.emailTaken,
    );
    await expect(openDatabase({ dataDir: folder.dataDir })).rejects.toBeInstanceOf(DataFolderInUseError);
    // Still the shop's, and it still answers.
    expect((await shop.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await shop.close();
    shop = undefined;
    expect(existsSync(lockPathOf(folder.dataDir))).toBe(false);
    const alone = await runAdminCommandOnShop(config, createStaff(uniqueEmail()));
    expect(alone).toMatch(/https:\/\/shop\.example\/admin\/setup\/[\w-]{43}$/);
    expect(existsSync(lockPathOf(folder.dataDir))).toBe(false);
  }, 60_000);

  it('tells what to do when the shop holding the folder does not answer, or never starts taking commands', async () => {
    const closedPort = await freePort();
    // The test runner's parent: a live process that is not this one.
    const holder: FolderHolder = {
      pid: process.ppid,
      program: 'main.js',
      since: '2026-11-26T08:33:00.000Z',
      token: 'its-token',
      port: closedPort,
    };
    const config = { databaseUrl: undefined, dataDir: folder.dataDir, publicUrl: PUBLIC_URL };
    writeFileSync(lockPathOf(folder.dataDir), JSON.stringify(holder));
    await expect(runAdminCommandOnShop(config, createStaff(uniqueEmail()))).rejects.toThrow(
      `The database folder ${folder.dataDir} is open in the shop, process ${process.ppid} (main.js, since ` +
        `26 Nov 2026, 14:03 IST), but it did not answer on 127.0.0.1:${closedPort} (ECONNREFUSED). Try again in a moment; ` +
        `if the shop is stuck, stop it (Ctrl+C in its terminal, or kill ${process.ppid}) and run the command ` +
        'again: it then opens the folder itself.',
    );

    writeFileSync(
      lockPathOf(folder.dataDir),
      JSON.stringify({ ...holder, program: 'db-copy.ts', port: null }),
    );
    const told: string[] = [];
    await expect(
      runAdminCommandOnShop(config, createStaff(uniqueEmail()), {
        waitForShopMs: 300,
        onWaiting: (found) => told.push(waitingForShopMessage(config.dataDir, found)),
      }),
    ).rejects.toThrow(
      `The database folder ${folder.dataDir} is open in process ${process.ppid} (db-copy.ts, since 26 Nov 2026, ` +
        '14:03 IST), which takes no commands (another command, or a shop still starting), and a PGlite folder ' +
        `can be open in one process at a time. Wait for it to finish, or stop it (kill ${process.ppid}), and ` +
        'run the command again.',
    );
    expect(told).toEqual([
      `The database folder ${folder.dataDir} is open in process ${process.ppid} (db-copy.ts, since 26 Nov 2026, ` +
        '14:03 IST); waiting for it to take commands…',
    ]);
    // A mistake in the words is told before any of that.
    await expect(runAdminCommandOnShop(config, ['create-staff'])).rejects.toThrow(ADMIN_USAGE);
  });
});

describe('npm run admin while the shop runs on PostgreSQL', () => {
  it('opens the database itself, and the running shop accepts the link it prints', async (context) => {
    const missing = await postgresMissing();
    if (missing) return context.skip(missing);
    const database = await createScratchDatabase();
    const config = testAppConfig(database.url, { jobWorkers: false, publicUrl: PUBLIC_URL });
    const shop = await buildApp(config, { logger: false });
    try {
      await shop.ready();
      expect(shop.pgliteFolderLock).toBeUndefined();
      const output = await runAdminCommandOnShop(config, createStaff(uniqueEmail()));
      await setUpOn(shop, tokenOf(output));
    } finally {
      await shop.close();
      await database.drop();
    }
  }, 60_000);
});
