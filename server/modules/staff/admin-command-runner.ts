import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import {
  DataFolderInUseError,
  describeHolder,
  type FolderHolder,
  liveHolderOf,
} from '../../db/pglite-folder-lock';
import { ShopUnreachableError, sendAdminCommand } from './command-channel';
import { CommandLineError, parseAdminCommand, runAdminCommand } from './command-line';

export interface AdminCommandRunOptions {
  /** How long to wait for a process that holds the folder but takes no commands yet (a shop starting). */
  waitForShopMs?: number;
  /** Told once when the command starts waiting for that process. */
  onWaiting?: (holder: FolderHolder) => void;
}

/**
 * docs/operations.md#staff: `npm run admin` on the shop's database, whether the shop runs or not. On
 * PostgreSQL it opens the database itself (any number of processes may). On a PGlite folder held by a live
 * shop it sends the command to that shop (docs/operations.md#pglite-lock); on a folder nobody holds it opens
 * the folder itself, as the shop would. Answers the text to print, the same either way.
 */
export async function runAdminCommandOnShop(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'publicUrl'>,
  args: string[],
  options: AdminCommandRunOptions = {},
): Promise<string> {
  // A mistake in the words is told at once, before any database is opened or shop asked.
  parseAdminCommand(args);
  if (config.databaseUrl || config.dataDir.includes('://')) return runOnOwnDatabase(config, args);
  const deadline = Date.now() + (options.waitForShopMs ?? 60_000);
  let toldWaiting = false;
  for (;;) {
    const holder = liveHolderOf(config.dataDir);
    if (!holder) {
      try {
        return await runOnOwnDatabase(config, args);
      } catch (error) {
        // A shop took the folder in between: ask it instead.
        if (!(error instanceof DataFolderInUseError) || Date.now() >= deadline) throw error;
        continue;
      }
    }
    if (holder.port !== null) return askRunningShop(config.dataDir, { ...holder, port: holder.port }, args);
    if (Date.now() >= deadline) throw new CommandLineError(takesNoCommandsMessage(config.dataDir, holder));
    if (!toldWaiting) options.onWaiting?.(holder);
    toldWaiting = true;
    await sleep(200);
  }
}

async function runOnOwnDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'publicUrl'>,
  args: string[],
): Promise<string> {
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await runAdminCommand(handle.db, args, config.publicUrl);
  } finally {
    await handle.close();
  }
}

async function askRunningShop(dataDir: string, holder: FolderHolder & { port: number }, args: string[]) {
  try {
    return await sendAdminCommand(holder, args);
  } catch (error) {
    if (!(error instanceof ShopUnreachableError)) throw error;
    throw new CommandLineError(
      `The database folder ${dataDir} is open in the shop, ${describeHolder(holder)}, but it did not ` +
        `answer on 127.0.0.1:${holder.port} (${error.message}). Try again in a moment; if the shop is stuck, ` +
        `stop it (Ctrl+C in its terminal, or kill ${holder.pid}) and run the command again: it then opens ` +
        'the folder itself.',
    );
  }
}

function takesNoCommandsMessage(dataDir: string, holder: FolderHolder): string {
  return (
    `The database folder ${dataDir} is open in ${describeHolder(holder)}, which takes no commands (another ` +
    'command, or a shop still starting), and a PGlite folder can be open in one process at a time. Wait ' +
    `for it to finish, or stop it (kill ${holder.pid}), and run the command again.`
  );
}

/** The line `npm run admin` prints while it waits for a shop that is starting. */
export function waitingForShopMessage(dataDir: string, holder: FolderHolder): string {
  return `The database folder ${dataDir} is open in ${describeHolder(holder)}; waiting for it to take commands…`;
}
