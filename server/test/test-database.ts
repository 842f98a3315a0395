import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../app';
import { testAppConfig } from './test-config';

/**
 * The database every test app copies, made by an app that started on an empty one: migrated, seeded, with
 * pg-boss's schema and queues. On PostgreSQL a database to clone, made once a run; on PGlite a dump of its data
 * folder in a cached file (plain data, so it can travel from a runner's set-up to its workers).
 */
export type DatabaseTemplate =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; serverUrl: string; name: string };

export interface TestDatabase {
  /** PostgreSQL: the test's own database. undefined: an in-memory PGlite. */
  url: string | undefined;
  /** PGlite: the template's data folder, for the app to start from. */
  pgliteTemplate: Blob | undefined;
  drop(): Promise<void>;
}

const uniqueName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

/** With DATABASE_URL set, a template database on that server; otherwise the PGlite dump of `pgliteTemplateDump`. */
export async function createDatabaseTemplate(
  serverUrl = process.env.DATABASE_URL,
): Promise<DatabaseTemplate> {
  if (serverUrl) {
    // Runs on the same server (other checkouts' runs included) never share a template.
    const name = uniqueName('mitten_template');
    const template = { kind: 'postgres', serverUrl, name } as const;
    await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
    try {
      const config = testAppConfig(databaseUrlFor(serverUrl, name), { jobWorkers: false });
      const app = await buildApp(config, { logger: false });
      // Closing ends every connection: PostgreSQL copies only a database nobody is connected to.
      await app.close();
    } catch (error) {
      await dropDatabaseTemplate(template);
      throw error;
    }
    return template;
  }
  return { kind: 'pglite', dumpFile: await pgliteTemplateDump() };
}

export async function dropDatabaseTemplate(template: DatabaseTemplate): Promise<void> {
  // A PGlite dump stays in the cache for the next runner and the next run.
  if (template.kind === 'pglite') return;
  await withAdminClient(template.serverUrl, (client) =>
    client.query(`drop database if exists "${template.name}" with (force)`),
  );
}

/** What the template is made of: a change to any of these makes a new one. */
const templateSources = ['server/db', 'server/plugins/jobs.ts', 'server/job-queues.ts', 'package-lock.json'];
const templateCacheDir = 'node_modules/.cache/mitten-test-template';

/**
 * docs/operations.md#tests: a migrated and seeded PGlite data folder, dumped to a file, made once and kept in
 * node_modules/.cache under a hash of the migrations, the seed, pg-boss's queues and the locked packages. An
 * empty PGlite takes 10 s or more to initialise and migrate; Vitest, Playwright and the next run reuse it.
 */
export async function pgliteTemplateDump(): Promise<string> {
  const dumpFile = resolve(templateCacheDir, `${await hashOfTemplateSources()}.tar`);
  if (existsSync(dumpFile)) return dumpFile;
  await mkdir(templateCacheDir, { recursive: true });
  // Vitest and Playwright start together (scripts/test.mjs): one makes it, the other waits for the file. A lock
  // left by a run that died is given up after a minute.
  const lock = `${dumpFile}.lock`;
  const locked = await writeFile(lock, String(process.pid), { flag: 'wx' }).then(
    () => true,
    () => false,
  );
  if (!locked) {
    for (let waited = 0; waited < 60_000 && !existsSync(dumpFile); waited += 200) await setTimeout(200);
    if (existsSync(dumpFile)) return dumpFile;
  }
  const app = await buildApp(testAppConfig(undefined, { jobWorkers: false }), { logger: false });
  try {
    const pglite = (app.db as unknown as { $client: PGlite }).$client;
    // Uncompressed: a test app loads it about a third faster than the gzipped dump.
    const dump = await pglite.dumpDataDir('none');
    // Written aside and renamed: a runner reading the cache never sees half a file.
    const partial = `${dumpFile}.${uniqueName('partial')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, dumpFile);
    return dumpFile;
  } finally {
    await app.close();
    await rm(lock, { force: true });
  }
}

async function hashOfTemplateSources(): Promise<string> {
  const hash = createHash('sha256');
  for (const source of templateSources) {
    const files = statSync(source).isDirectory()
      ? (await readdir(source, { recursive: true }))
          .map((file) => join(source, file))
          .filter((file) => statSync(file).isFile() && !file.endsWith('.test.ts'))
      : [source];
    for (const file of files.sort()) hash.update(file).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database of the test's own, copied from the template: on PostgreSQL a new database (named at random,
 * dropped afterwards), on PGlite the dump an in-memory PGlite starts from. Without a template (a file run
 * outside the runners' set-up) the database starts empty and the app migrates it.
 */
export async function createTestDatabase(template: DatabaseTemplate | undefined): Promise<TestDatabase> {
  const serverUrl = template?.kind === 'postgres' ? template.serverUrl : process.env.DATABASE_URL;
  if (!serverUrl) {
    const dump = template?.kind === 'pglite' ? await readFile(template.dumpFile) : undefined;
    return { url: undefined, pgliteTemplate: dump && new Blob([dump]), drop: async () => {} };
  }
  const name = uniqueName('mitten_test');
  const from = template?.kind === 'postgres' ? ` template "${template.name}"` : '';
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"${from}`));
  return {
    url: databaseUrlFor(serverUrl, name),
    pgliteTemplate: undefined,
    drop: async () => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A data folder holding the template, for a process of its own (the shop, the admin command) to open: it
 * starts at once where an empty folder would first take 10 s or more to initialise and migrate.
 */
export async function migratedPgliteFolder(): Promise<{ dataDir: string; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mitten-pglite-'));
  const dump = new Blob([await readFile(await pgliteTemplateDump())]);
  const pglite = await PGlite.create({ dataDir, loadDataDir: dump });
  await pglite.close();
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}
