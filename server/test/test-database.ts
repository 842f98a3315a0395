import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../app';
import { testAppConfig } from './test-config';

/**
 * The database every test app copies, made once a run by an app that started on an empty one: migrated,
 * seeded, with pg-boss's schema and queues. On PostgreSQL a database to clone; on PGlite a dump of its data
 * folder in a file (plain data, so it can travel from a runner's set-up to its workers).
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

/** With DATABASE_URL set, a template database on that server; otherwise a PGlite dump in a temporary file. */
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
  const app = await buildApp(testAppConfig(undefined, { jobWorkers: false }), { logger: false });
  try {
    const pglite = (app.db as unknown as { $client: PGlite }).$client;
    // Uncompressed: a test app loads it about a third faster than the gzipped dump, and it stays on disk.
    const dump = await pglite.dumpDataDir('none');
    const dumpFile = join(tmpdir(), `${uniqueName('mitten-template')}.tar`);
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    return { kind: 'pglite', dumpFile };
  } finally {
    await app.close();
  }
}

export async function dropDatabaseTemplate(template: DatabaseTemplate): Promise<void> {
  if (template.kind === 'pglite') {
    await rm(template.dumpFile, { force: true });
    return;
  }
  await withAdminClient(template.serverUrl, (client) =>
    client.query(`drop database if exists "${template.name}" with (force)`),
  );
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
