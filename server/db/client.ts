import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  type ChannelHandlers,
  type ChannelListener,
  hearOwnChanges,
  listenOnPglite,
  listenOnPostgres,
} from './change-events';
import { lockPgliteFolder, type PgliteFolderLock } from './pglite-folder-lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs one SQL text as given: for libraries that bring their own SQL (pg-boss). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /** PostgreSQL only: the connection pool, for its figures on /metrics. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /**
   * Runs start-up work that changes the schema or seeds it (the job queue's tables, the catalogue) one
   * process at a time: several processes may start together on one empty database
   * (docs/operations.md#scaling-out).
   */
  oneStartAtATime<T>(work: () => Promise<T>): Promise<T>;
  /** PGlite in a folder: this process's hold on it (docs/operations.md#pglite-lock). */
  folderLock?: PgliteFolderLock;
  /**
   * docs/operations.md#catalogue-cache: the changes to the catalogue and the settings, from every process;
   * on PostgreSQL over a connection of its own, opened again whenever it breaks.
   */
  listenForCatalogueChanges(handlers: ChannelHandlers): Promise<ChannelListener>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Real PostgreSQL; without it, embedded PGlite. */
  url?: string | undefined;
  /** PGlite's folder, or 'memory://'. */
  dataDir: string;
  /** PGlite only: a dumped data folder (`dumpDataDir`) to start from; tests start from a migrated one. */
  loadDataDir?: Blob | undefined;
  /** PGlite only: an open client to use instead of opening one; closing the handle leaves it open. */
  client?: PGlite | undefined;
  /** An idle pooled connection that breaks (a server restart, a failover) is reported here, not thrown. */
  onConnectionError?: (error: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed number: it only has to be the same in every process that starts on this database.
const START_UP_LOCK_KEY = 727_274;

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options.onConnectionError)
    : openPglite(options.dataDir, options.loadDataDir, options.client);
}

async function openPglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
  lent: PGlite | undefined,
): Promise<DatabaseHandle> {
  if (lent) return pgliteHandle(lent, undefined, async () => {});
  if (dataDir.includes('://')) {
    const client = await PGlite.create({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
    return pgliteHandle(client, undefined, () => client.close());
  }
  // Before PGlite touches the folder: a second process on it is refused here, not aborted inside PGlite.
  const folderLock = await lockPgliteFolder(dataDir);
  let client: PGlite | undefined;
  try {
    // PGlite makes its own folder but not the ones above it (a fresh clone has no data/).
    mkdirSync(dataDir, { recursive: true });
    const opened = await PGlite.create({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
    client = opened;
    return await pgliteHandle(opened, folderLock, async () => {
      try {
        await opened.close();
      } finally {
        folderLock.release();
      }
    });
  } catch (error) {
    await client?.close().catch(() => {});
    folderLock.release();
    throw error;
  }
}

async function pgliteHandle(
  client: PGlite,
  folderLock: PgliteFolderLock | undefined,
  close: () => Promise<void>,
): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  const executeSql: ExecuteSql = async (text, values) => {
    // `query` refuses several statements in one text (pg-boss's schema set-up sends such texts).
    if (!values || values.length === 0) {
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    }
    return client.query(text, values);
  };
  // One process holds a PGlite folder: there is nobody to wait for.
  return {
    db,
    kind: 'pglite',
    executeSql,
    oneStartAtATime: (work) => work(),
    ...(folderLock ? { folderLock } : {}),
    listenForCatalogueChanges: (handlers) => listenOnPglite(client, handlers),
    close,
  };
}

async function openPostgres(
  url: string,
  onConnectionError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  const ownChanges = hearOwnChanges();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    onConnect: ownChanges.connected,
  });
  pool.on('remove', ownChanges.removed);
  // Without a listener, a broken idle connection is an 'error' event that ends the process.
  pool.on('error', onConnectionError);
  // So is one checked out (a transaction between two statements, the start-up lock's) when the server goes
  // away: its client emits 'error' and nobody listens. With a listener the next statement fails instead, and
  // the request with it (docs/operations.md#health-check: a restart of PostgreSQL is a 503, not an exit).
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const db = drizzlePostgres({ client: pool, schema });
  // Several API processes may start at once against one database: one migrates at a time, and the rest of
  // their start-up work waits its turn the same way.
  const oneStartAtATime = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [START_UP_LOCK_KEY]);
      return await work(lockClient);
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [START_UP_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  };
  await oneStartAtATime((client) =>
    migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder }),
  );
  const executeSql: ExecuteSql = (text, values) => pool.query(text, values);
  return {
    db,
    kind: 'postgres',
    executeSql,
    pool,
    oneStartAtATime: (work) => oneStartAtATime(() => work()),
    listenForCatalogueChanges: (handlers) => listenOnPostgres(url, ownChanges, handlers),
    close: () => endPool(pool),
  };
}

/** `pool.end()` resolves before its connections have closed; this waits until every one has. */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      closed += 1;
      if (closed >= open) resolve();
    });
  });
  await pool.end();
  await allClosed;
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
