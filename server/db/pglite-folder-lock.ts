import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * docs/operations.md#pglite-lock: a PGlite folder may be open in one process only. Two processes on one folder
 * each keep their own copy of its pages, so one never sees the other's writes and, sooner or later, PGlite
 * aborts or the folder is corrupt. The process that opens it holds `<folder>.lock` beside it (mode 0600): its
 * pid, what it runs, since when, and, once the shop listens, the loopback port and token of its command
 * channel, where `npm run admin` sends its commands.
 */
export interface FolderHolder {
  pid: number;
  /** The script the process runs (`main.js`, `admin.ts`, `db-copy.ts`…), to name it in messages. */
  program: string;
  since: string;
  token: string;
  /** The command channel's port on 127.0.0.1, once the shop listens; null until then, and in a command. */
  port: number | null;
}

export interface PgliteFolderLock {
  readonly path: string;
  /** The secret a command must present to this process's command channel. */
  readonly token: string;
  /** Writes the command channel's port into the lock, for `npm run admin` to find. */
  announce(port: number): void;
  release(): void;
}

export class DataFolderInUseError extends Error {
  override readonly name = 'DataFolderInUseError';

  constructor(
    readonly dataDir: string,
    readonly holder: FolderHolder,
  ) {
    super(
      `The database folder ${dataDir} is open in ${describeHolder(holder)}, and a PGlite folder can be open ` +
        `in one process at a time. Stop that process first (Ctrl+C in its terminal, or kill ${holder.pid}). ` +
        'To add staff while the shop runs, use npm run admin: it asks the running shop. ' +
        `If process ${holder.pid} is not this shop, delete ${shownPath(lockPathOf(dataDir))}.`,
    );
  }
}

export function lockPathOf(dataDir: string): string {
  return `${resolve(dataDir)}.lock`;
}

/** "process 4120 (main.js, since 26 Nov 2026, 14:03 IST)" */
export function describeHolder(holder: FolderHolder): string {
  return `process ${holder.pid} (${holder.program}, since ${formatSince(holder.since)})`;
}

const sinceFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function formatSince(iso: string): string {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? 'an unknown time' : `${sinceFormat.format(when)} IST`;
}

/** A path as the operator wrote it: relative to the working folder when inside it. */
function shownPath(path: string): string {
  const fromHere = relative(process.cwd(), resolve(path));
  return fromHere && !fromHere.startsWith('..') && !isAbsolute(fromHere) ? fromHere : resolve(path);
}

/** The tokens of the locks this process holds, by lock path: its own pid in a lock is live only for these. */
const heldHere = new Map<string, string>();

/**
 * Takes the folder's lock, or throws DataFolderInUseError naming the live process that holds it. A lock whose
 * process is gone (killed, crashed, a container restarted under the same pid) is taken over.
 */
export async function lockPgliteFolder(dataDir: string): Promise<PgliteFolderLock> {
  const path = lockPathOf(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  const holder: FolderHolder = {
    pid: process.pid,
    program: basename(process.argv[1] ?? process.argv0),
    since: new Date().toISOString(),
    token: randomBytes(32).toString('base64url'),
    port: null,
  };
  // Another process between reading a stale lock and replacing it: a few short waits, never a long one.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (createExclusively(path, holder)) return heldLock(path, holder);
    const found = readLock(path);
    if (found === 'missing') continue;
    if (found !== 'unreadable' && isLive(path, found.holder))
      throw new DataFolderInUseError(dataDir, found.holder);
    if (!removeStaleLock(path, found === 'unreadable' ? readRaw(path) : found.raw)) await sleep(20);
  }
  throw new Error(`Could not take over the stale lock ${shownPath(path)}: delete it and try again.`);
}

/** The live process holding the folder, if any (a stale lock is ignored, not removed). */
export function liveHolderOf(dataDir: string): FolderHolder | undefined {
  const path = lockPathOf(dataDir);
  const found = readLock(path);
  if (found === 'missing' || found === 'unreadable') return undefined;
  return isLive(path, found.holder) ? found.holder : undefined;
}

function heldLock(path: string, holder: FolderHolder): PgliteFolderLock {
  heldHere.set(path, holder.token);
  let current = holder;
  const release = () => {
    process.off('exit', release);
    heldHere.delete(path);
    const found = readLock(path);
    if (typeof found === 'object' && found.holder.token === holder.token) unlinkSync(path);
  };
  // A process that exits without closing the database (process.exit after an error) leaves no lock behind.
  process.on('exit', release);
  return {
    path,
    token: holder.token,
    announce(port) {
      current = { ...current, port };
      // Written aside and renamed: a reader sees the old lock or the new one, never half of one.
      const aside = `${path}.${randomBytes(6).toString('hex')}`;
      writeFileSync(aside, JSON.stringify(current), { mode: 0o600 });
      renameSync(aside, path);
    },
    release,
  };
}

/** Creates the lock with its whole content at once (written aside, then linked): false when one exists. */
function createExclusively(path: string, holder: FolderHolder): boolean {
  const aside = `${path}.${randomBytes(6).toString('hex')}`;
  writeFileSync(aside, JSON.stringify(holder), { mode: 0o600 });
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(aside);
  }
}

type LockRead = 'missing' | 'unreadable' | { holder: FolderHolder; raw: string };

function readRaw(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function readLock(path: string): LockRead {
  const raw = readRaw(path);
  if (raw === undefined) return 'missing';
  try {
    const parsed = JSON.parse(raw) as Partial<FolderHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.token !== 'string') return 'unreadable';
    return {
      raw,
      holder: {
        pid: parsed.pid,
        program: typeof parsed.program === 'string' ? parsed.program : 'unknown',
        since: typeof parsed.since === 'string' ? parsed.since : '',
        token: parsed.token,
        port: typeof parsed.port === 'number' ? parsed.port : null,
      },
    };
  } catch {
    return 'unreadable';
  }
}

function isLive(path: string, holder: FolderHolder): boolean {
  // This pid in a lock this process does not hold is its own previous life (a container's pid 1 restarted).
  if (holder.pid === process.pid) return heldHere.get(path) === holder.token;
  return processExists(holder.pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a stale lock, `raw` being what was read. Only the process that creates the takeover file named after
 * that exact content may remove it, so two processes taking over at once never remove each other's new lock.
 * Answers false when another process is taking it over.
 */
export function removeStaleLock(path: string, raw: string | undefined): boolean {
  if (raw === undefined) return true;
  const takeover = `${path}.takeover-${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
  try {
    writeFileSync(takeover, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    if (readRaw(path) === raw) unlinkSync(path);
    return true;
  } finally {
    unlinkSync(takeover);
  }
}
