import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DataFolderInUseError,
  type FolderHolder,
  liveHolderOf,
  lockPathOf,
  lockPgliteFolder,
  removeStaleLock,
} from './pglite-folder-lock';

let root: string;
let dataDir: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mitten-lock-'));
  dataDir = join(root, 'pglite');
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
  }
  await rm(root, { recursive: true, force: true });
});

/** A process that lives until the test ends: a holder that is not this process. */
function liveProcessPid(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

/** The pid of a process that has already exited. */
function deadProcessPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid;
}

function writeLock(holder: Partial<FolderHolder>) {
  const lock: FolderHolder = {
    pid: 1,
    program: 'main.js',
    since: '2026-11-26T08:33:00.000Z',
    token: 'their-token',
    port: 4321,
    ...holder,
  };
  writeFileSync(lockPathOf(dataDir), JSON.stringify(lock), { mode: 0o600 });
}

const lockOnDisk = () => JSON.parse(readFileSync(lockPathOf(dataDir), 'utf8')) as FolderHolder;

describe('the PGlite folder lock', () => {
  it('is a file beside the folder that only its owner reads, holds the pid and, once announced, the port; released, it is gone', async () => {
    const lock = await lockPgliteFolder(dataDir);
    expect(lock.path).toBe(`${dataDir}.lock`);
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, token: lock.token, port: null });
    expect(lock.token).toMatch(/^[\w-]{43}$/);
    lock.announce(5123);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, token: lock.token, port: 5123 });
    expect(liveHolderOf(dataDir)).toMatchObject({ pid: process.pid, port: 5123 });
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(liveHolderOf(dataDir)).toBeUndefined();
  });

  it('refuses a folder a live process holds, naming it and what to do, and leaves its lock alone', async () => {
    const pid = liveProcessPid();
    writeLock({ pid });
    const before = readFileSync(lockPathOf(dataDir), 'utf8');
    const refusal = await lockPgliteFolder(dataDir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    expect((refusal as Error).message).toBe(
      `The database folder ${dataDir} is open in process ${pid} (main.js, since 26 Nov 2026, 14:03 IST), ` +
        'and a PGlite folder can be open in one process at a time. Stop that process first (Ctrl+C in its ' +
        `terminal, or kill ${pid}). To add staff while the shop runs, use npm run admin: it asks the running ` +
        `shop. If process ${pid} is not this shop, delete ${dataDir}.lock.`,
    );
    expect(readFileSync(lockPathOf(dataDir), 'utf8')).toBe(before);
    expect(liveHolderOf(dataDir)).toMatchObject({ pid, port: 4321, token: 'their-token' });
  });

  it('takes over the lock of a process that is gone, and one it cannot read', async () => {
    writeLock({ pid: deadProcessPid() });
    expect(liveHolderOf(dataDir)).toBeUndefined();
    const lock = await lockPgliteFolder(dataDir);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, token: lock.token, port: null });
    lock.release();

    writeFileSync(lockPathOf(dataDir), '{"pid":');
    const again = await lockPgliteFolder(dataDir);
    expect(lockOnDisk().token).toBe(again.token);
    again.release();
  });

  it('takes over a lock with its own pid left by an earlier life (a container restarted as pid 1), never one it holds', async () => {
    writeLock({ pid: process.pid, token: 'before-the-restart' });
    const lock = await lockPgliteFolder(dataDir);
    expect(lockOnDisk().token).toBe(lock.token);
    await expect(lockPgliteFolder(dataDir)).rejects.toBeInstanceOf(DataFolderInUseError);
    expect(lockOnDisk().token).toBe(lock.token);
    lock.release();
  });

  it('gives a stale lock to one of several takers at once; a taker that read it before another took it over removes nothing', async () => {
    writeLock({ pid: deadProcessPid() });
    const stale = readFileSync(lockPathOf(dataDir), 'utf8');
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => lockPgliteFolder(dataDir)));
    const held = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(held).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(2);
    const winner = held[0]?.value;
    // Another process read the stale lock too, and goes on to remove it only now.
    expect(removeStaleLock(lockPathOf(dataDir), stale)).toBe(true);
    expect(lockOnDisk().token).toBe(winner?.token);
    winner?.release();
  });

  it('leaves a stale lock to the process already taking it over', async () => {
    writeLock({ pid: deadProcessPid() });
    const stale = readFileSync(lockPathOf(dataDir), 'utf8');
    const takeover = `${lockPathOf(dataDir)}.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
    writeFileSync(takeover, '1', { flag: 'wx' });
    expect(removeStaleLock(lockPathOf(dataDir), stale)).toBe(false);
    expect(readFileSync(lockPathOf(dataDir), 'utf8')).toBe(stale);
    rmSync(takeover);
    expect(removeStaleLock(lockPathOf(dataDir), stale)).toBe(true);
    expect(existsSync(lockPathOf(dataDir))).toBe(false);
    expect(existsSync(takeover)).toBe(false);
  });
});
