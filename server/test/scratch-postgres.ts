import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server of the PostgreSQL run (DATABASE_URL), or the local one every CI machine has. */
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Why tests needing a PostgreSQL server cannot run here, or undefined when one answers. */
export async function postgresMissing(): Promise<string | undefined> {
  try {
    await withAdmin((client) => client.query('select 1'));
    return undefined;
  } catch (error) {
    return `no PostgreSQL at ${new URL(serverUrl).host} (${String(error)}); set DATABASE_URL`;
  }
}

/** A new empty database on that server, whatever run this is (the copy and restore tests need a fresh one). */
export async function createScratchDatabase() {
  const name = `mitten_scratch_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`)),
  };
}
