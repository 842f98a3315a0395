import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

/**
 * docs/operations.md#tests: a PGlite takes about two seconds to start from the template, most of a small test
 * file's time. Each Vitest worker keeps one, lends it to one test app at a time and puts the template's rows
 * back before lending it again. An app built while it is lent (a file with two apps at once) gets its own.
 */
export interface LentPglite {
  client: PGlite;
  giveBack(): void;
}

interface WorkerPglite {
  client: PGlite;
  lent: boolean;
  /** Empties every table and puts back the rows the template had. */
  restore: string;
}

const SNAPSHOT_SCHEMA = 'test_template_rows';
let workerPglite: Promise<WorkerPglite> | undefined;

export async function borrowWorkerPglite(dumpFile: string): Promise<LentPglite | undefined> {
  workerPglite ??= openWorkerPglite(dumpFile);
  let shared = await workerPglite;
  if (shared.lent) return undefined;
  // A test that took the database away from its app (the health check's) closed it: start again.
  if (shared.client.closed) {
    workerPglite = openWorkerPglite(dumpFile);
    shared = await workerPglite;
    if (shared.lent) return undefined;
  }
  shared.lent = true;
  try {
    // Outside a transaction: prepared statements, advisory locks and settings of the last app go too.
    await shared.client.exec('discard all');
    await shared.client.exec(shared.restore);
  } catch (error) {
    shared.lent = false;
    throw error;
  }
  return {
    client: shared.client,
    giveBack: () => {
      shared.lent = false;
    },
  };
}

async function openWorkerPglite(dumpFile: string): Promise<WorkerPglite> {
  const client = await PGlite.create({
    dataDir: 'memory://',
    loadDataDir: new Blob([await readFile(dumpFile)]),
  });
  // The shop's tables and pg-boss's (a partitioned table's parts go with it); not the migrations' journal.
  const { rows: tables } = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname in ('public', 'pgboss', 'simulator')
      order by 1`,
  );
  const withRows: { name: string; copy: string }[] = [];
  await client.exec(`create schema ${SNAPSHOT_SCHEMA}`);
  for (const [index, { name }] of tables.entries()) {
    const { rows } = await client.query<{ any: boolean }>(`select exists (select 1 from ${name}) as any`);
    if (!rows[0]?.any) continue;
    const copy = `${SNAPSHOT_SCHEMA}.t${index}`;
    await client.exec(`create table ${copy} as select * from ${name}`);
    withRows.push({ name, copy });
  }
  const restore = [
    `truncate ${tables.map((table) => table.name).join(', ')} cascade;`,
    ...withRows.map(({ name, copy }) => `insert into ${name} select * from ${copy};`),
  ].join('\n');
  return { client, lent: false, restore };
}
