import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** undefined: use a fresh in-memory PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * With DATABASE_URL set, each test file gets its own database on that server, named at random and dropped
 * afterwards; otherwise an in-memory PGlite that disappears with the app.
 */
export async function createTestDatabase(serverUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const name = `mitten_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, async (client) => {
    await client.query(`create database "${name}"`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(serverUrl, async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`);
      }),
  };
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
