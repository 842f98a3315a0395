import { connect, createServer, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../../contracts/messages';
import { buildApp } from '../app';
import { cartLines } from '../db/schema';
import { createShopper } from '../test/shopper-factory';
import { testAppConfig } from '../test/test-config';
import { createTestDatabase } from '../test/test-database';
import errorHandling, { RETRY_AFTER_SECONDS } from './error-handling';

// docs/architecture.md#database-away: the database out of reach is a 503 with Retry-After on every route, never
// a 500, and a write it cut off left nothing behind.

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  const giveUp = () => new Promise((resolve) => setTimeout(resolve, 5_000).unref());
  for (const close of closers.reverse()) await Promise.race([close().catch(() => {}), giveUp()]);
});

async function listening(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  closers.push(
    () =>
      new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      }),
  );
  return address.port;
}

/** A pool as the shop makes one (docs/operations.md#health-check), pointed at `port`. */
function poolAt(port: number, connectionTimeoutMillis = 5_000) {
  const pool = new pg.Pool({
    connectionString: `postgres://postgres@127.0.0.1:${port}/shop`,
    connectionTimeoutMillis,
  });
  pool.on('error', () => {});
  closers.push(() => pool.end());
  return drizzle({ client: pool });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listening(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the error mapping, with the errors the drivers really throw', () => {
  it('answers 503 with Retry-After when the database refuses, drops, never answers or is restarting', async () => {
    const silent = await listening(createServer(() => {}));
    const hangsUp = await listening(createServer((socket) => socket.destroy()));
    const failures: Record<string, () => Promise<unknown>> = {
      refused: async () => poolAt(await closedPort()).execute(sql`select 1`),
      'connect timeout': () => poolAt(silent, 200).execute(sql`select 1`),
      'dropped connection': () => poolAt(hangsUp).execute(sql`select 1`),
      'in a transaction': () => poolAt(hangsUp).transaction((tx) => tx.execute(sql`select 1`)),
      'terminated backend (57P01)': () =>
        Promise.reject(
          Object.assign(new pg.DatabaseError('terminating connection', 0, 'error'), { code: '57P01' }),
        ),
      'starting up (57P03)': () =>
        Promise.reject(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
      'connection failure (08006)': () =>
        Promise.reject(Object.assign(new Error('connection failure'), { code: '08006' })),
      'pool wait (no code)': () => Promise.reject(new Error('timeout exceeded when trying to connect')),
    };
    const app = Fastify({ logger: false });
    await app.register(errorHandling);
    app.get<{ Params: { name: string } }>('/fail/:name', async (request) => {
      const fail = failures[request.params.name];
      if (!fail) return { ok: true };
      return fail();
    });
    app.get('/bug', async () => {
      throw new Error('a bug, not an outage');
    });
    closers.push(() => app.close());
    for (const name of Object.keys(failures)) {
      const response = await app.inject({ method: 'GET', url: `/fail/${encodeURIComponent(name)}` });
      expect(response.statusCode, name).toBe(503);
      expect(response.headers['retry-after'], name).toBe(String(RETRY_AFTER_SECONDS));
      expect(response.json(), name).toMatchObject({ message: messages.serviceUnavailable });
    }
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
  });
});

/**
 * A TCP relay between the shop and PostgreSQL that the test can cut (every connection dropped, new ones
 * refused) and mend, as a network partition or a database restart does to the shop.
 */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => {
          sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    port = await new Promise<number>((resolve) =>
      server?.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
  };
  await open();
  const cut = async () => {
    await new Promise((resolve) => {
      server?.close(resolve);
      for (const socket of sockets) socket.destroy();
    });
  };
  closers.push(cut);
  return { port: () => port, cut, mend: open };
}

const template = inject('databaseTemplate');

describe.skipIf(template.kind !== 'postgres')(
  'a whole shop whose PostgreSQL goes away (PostgreSQL run)',
  () => {
    it('answers 503 with Retry-After while it is away, keeps no half-written cart, and serves again once it is back', async () => {
      const database = await createTestDatabase(template);
      closers.push(() => database.drop());
      const direct = new URL(database.url as string);
      const relay = await relayTo(direct);
      const relayed = new URL(direct);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(relay.port());
      const app = await buildApp(testAppConfig(relayed.toString(), { jobWorkers: false }), { logger: false });
      closers.push(() => app.close());
      const shopper = await createShopper(app);
      const save = (id: number, quantity: number) =>
        app.inject({
          method: 'POST',
          url: '/api/cart/update',
          headers: { ...shopper.headers, 'content-type': 'application/json' },
          payload: { cart: [{ id, quantity }] },
        });
      expect((await save(1, 2)).statusCode).toBe(200);

      await relay.cut();
      for (const request of [
        () => save(2, 5),
        () => app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers }),
        () => app.inject({ method: 'GET', url: '/api/orders/my-orders', headers: shopper.headers }),
        () => app.inject({ method: 'GET', url: '/api/admin/orders', headers: { authorization: 'Bearer x' } }),
      ]) {
        const response = await request();
        expect(response.statusCode, response.body).toBe(503);
        expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
        expect(response.json()).toMatchObject({ message: messages.serviceUnavailable });
      }

      await relay.mend();
      const reader = drizzle({ client: new pg.Pool({ connectionString: database.url }) });
      closers.push(() => reader.$client.end());
      const stored = await reader.select().from(cartLines).where(eq(cartLines.userId, shopper.user._id));
      expect(stored.map((line) => [line.productId, line.quantity])).toEqual([[1, 2]]);
      await expect.poll(async () => (await save(3, 1)).statusCode, { timeout: 15_000 }).toBe(200);
    });
  },
);
