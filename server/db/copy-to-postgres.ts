import pg from 'pg';
import PgBoss from 'pg-boss';
import { type ExecuteSql, openDatabase } from './client';

/** Rows per INSERT: a batch travels as one JSON parameter. */
const BATCH_ROWS = 500;

/** pg-boss's own tables worth copying (queues are made again, its version row by pg-boss itself). */
const JOB_TABLES = ['schedule', 'subscription', 'job', 'archive'];

export interface CopyReport {
  /** Rows copied, by `schema.table`. */
  rows: Record<string, number>;
}

const quoted = (schema: string, table: string) => `"${schema}"."${table}"`;

/**
 * docs/operations.md#moving-off-pglite: copies a shop's database (PGlite's, through `source`) into an empty
 * PostgreSQL database: our schema by our migrations, then every row of every table in the order their foreign
 * keys need, the sequences where the source left them, and pg-boss's jobs and schedules. The source is
 * only read.
 */
export async function copyToPostgres(source: ExecuteSql, targetUrl: string): Promise<CopyReport> {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  const rows: Record<string, number> = {};
  try {
    await refuseUnlessNew(client);
    const target = await openDatabase({ url: targetUrl, dataDir: 'unused' });
    await target.close();
    const tables = await tablesInDependencyOrder(source);
    await client.query('begin');
    // The migrations' own rows (the shop's settings) come from the source like the rest.
    await client.query(`truncate ${tables.map((table) => quoted('public', table)).join(', ')}`);
    for (const table of tables) rows[`public.${table}`] = await copyTable(source, client, 'public', table);
    await copySequences(source, client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  Object.assign(rows, await copyJobs(source, targetUrl));
  return { rows };
}

/** Our tables, each after the tables it references (a table referencing itself does not hold itself back). */
async function tablesInDependencyOrder(source: ExecuteSql): Promise<string[]> {
  const { rows: tableRows } = await source(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const { rows: references } = await source(
    `select child.relname as child, parent.relname as parent
     from pg_constraint c
     join pg_class child on child.oid = c.conrelid
     join pg_class parent on parent.oid = c.confrelid
     join pg_namespace n on n.oid = child.relnamespace
     where c.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const parentsOf = new Map<string, Set<string>>();
  for (const { tablename } of tableRows as { tablename: string }[]) parentsOf.set(tablename, new Set());
  for (const { child, parent } of references as { child: string; parent: string }[]) {
    parentsOf.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (placed.size < parentsOf.size) {
    const ready = [...parentsOf].filter(
      ([table, parents]) => !placed.has(table) && [...parents].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) throw new Error('the tables reference each other in a circle');
    for (const [table] of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Only into a database nobody has used: the copy must never mix two shops. */
async function refuseUnlessNew(client: pg.Client) {
  const { rows } = await client.query(
    `select count(*)::int as tables from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')`,
  );
  if ((rows[0] as { tables: number }).tables > 0) {
    throw new Error('The target database is not empty: copy into a new database (createdb shop).');
  }
}

async function copyTable(source: ExecuteSql, client: pg.Client, schema: string, table: string) {
  let copied = 0;
  for (;;) {
    // ctid: the rows' physical order, stable while nothing writes the source.
    const { rows } = await source(
      `select coalesce(json_agg(t), '[]')::text as batch, count(*)::int as n from (
         select * from ${quoted(schema, table)} order by ctid limit ${BATCH_ROWS} offset ${copied}
       ) t`,
    );
    const { batch, n } = rows[0] as { batch: string; n: number };
    if (n === 0) return copied;
    await client.query(
      `insert into ${quoted(schema, table)}
       select * from json_populate_recordset(null::${quoted(schema, table)}, $1::json)`,
      [batch],
    );
    copied += n;
  }
}

async function copySequences(source: ExecuteSql, client: pg.Client) {
  const { rows } = await source(
    `select sequencename, last_value::text from pg_sequences where schemaname = 'public'`,
  );
  // A sequence never used (last_value null) stays at its start on the target as well.
  for (const row of rows as { sequencename: string; last_value: string | null }[]) {
    if (row.last_value === null) continue;
    await client.query('select setval($1::regclass, $2::bigint, true)', [
      quoted('public', row.sequencename),
      row.last_value,
    ]);
  }
}

/**
 * pg-boss makes its schema and each queue's partition itself: it does so on the target with the source's
 * queue settings, and the jobs (waiting, retrying, done) follow.
 */
async function copyJobs(source: ExecuteSql, targetUrl: string): Promise<Record<string, number>> {
  const { rows: present } = await source(`select 1 from pg_namespace where nspname = 'pgboss'`);
  if (present.length === 0) return {};
  const boss = new PgBoss({
    connectionString: targetUrl,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    const { rows: queues } = await source(
      `select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes,
              dead_letter from pgboss.queue order by dead_letter nulls first`,
    );
    for (const queue of queues as QueueRow[]) {
      const settings = {
        policy: queue.policy as PgBoss.QueuePolicy | null,
        retryLimit: queue.retry_limit,
        retryDelay: queue.retry_delay,
        retryBackoff: queue.retry_backoff,
        expireInSeconds: queue.expire_seconds,
        retentionMinutes: queue.retention_minutes,
        deadLetter: queue.dead_letter,
      };
      // A setting the source left unset (null) stays pg-boss's default.
      const given = Object.entries(settings).filter(([, value]) => value !== null);
      await boss.createQueue(queue.name, { name: queue.name, ...Object.fromEntries(given) });
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  const rows: Record<string, number> = {};
  try {
    await client.query('begin');
    for (const table of JOB_TABLES)
      rows[`pgboss.${table}`] = await copyTable(source, client, 'pgboss', table);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return rows;
}

interface QueueRow {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  retention_minutes: number | null;
  dead_letter: string | null;
}
