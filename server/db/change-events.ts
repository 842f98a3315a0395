import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel the migration `catalogue_change_events` notifies, with the changed table's name as payload. */
export const CATALOGUE_CHANNEL = 'catalogue_changes';

/** What a channel's listener is told (docs/operations.md#catalogue-cache). */
export interface ChannelHandlers {
  /** A notification on the channel, with its payload. */
  notified(payload: string): void;
  /** Listening, at first or again: notifications sent before this may have been missed. */
  listening(): void;
  /** The listening connection is gone: until `listening` again, notifications are missed. */
  lost(error: Error): void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

/** PGlite is in this process: a notification reaches the listener before the statement that sent it returns. */
export async function listenOnPglite(client: PGlite, handlers: ChannelHandlers): Promise<ChannelListener> {
  const unlisten = await client.listen(CATALOGUE_CHANNEL, (payload) => handlers.notified(payload));
  handlers.listening();
  return {
    async close() {
      if (!client.closed) await unlisten();
    },
  };
}

// Long enough not to hammer a server that is restarting, short enough that the cache is soon trusted again.
const RECONNECT_DELAY_MS = 1_000;

/** Named in pg_stat_activity, so an operator can see that each process listens (docs/operations.md#catalogue-cache). */
export const LISTENER_APPLICATION_NAME = 'mitten-catalogue-changes';

/** This process's own changes, told by the pooled connection that made them: see `hearOwnChanges`. */
export interface OwnChanges {
  /** The server processes behind this pool's connections: their notifications are told here already. */
  isOwn(backendPid: number): boolean;
  subscribe(notified: (payload: string) => void): () => void;
}

/**
 * Every pooled connection LISTENs too (`connected` is the pool's `onConnect`, run before the connection is
 * first handed out), and tells only the notifications it sent itself. PostgreSQL hands a session its own
 * notifications before it reports the statement done, so a change this process makes is in its versions
 * before the statement's promise resolves: its next request sees it, as it would on PGlite. The other
 * processes hear it on their listening connection a moment later.
 */
export function hearOwnChanges(): OwnChanges & {
  connected(client: pg.ClientBase): Promise<void>;
  removed(client: pg.ClientBase): void;
} {
  const backendPids = new Set<number>();
  const pidOf = new WeakMap<pg.ClientBase, number>();
  const subscribers = new Set<(payload: string) => void>();
  return {
    async connected(client) {
      const results = await client.query(
        `listen ${client.escapeIdentifier(CATALOGUE_CHANNEL)}; select pg_backend_pid() as pid`,
      );
      // Two statements in one text: pg answers with a result for each.
      const [, asked] = results as unknown as [pg.QueryResult, pg.QueryResult<{ pid: number }>];
      const pid = asked.rows[0]?.pid;
      if (pid === undefined) return;
      backendPids.add(pid);
      pidOf.set(client, pid);
      client.on('notification', (message) => {
        if (message.channel !== CATALOGUE_CHANNEL || message.processId !== pid) return;
        for (const notified of subscribers) notified(message.payload ?? '');
      });
    },
    removed(client) {
      // The pid of a closed connection may be given to another process's connection.
      const pid = pidOf.get(client);
      if (pid !== undefined) backendPids.delete(pid);
    },
    isOwn: (backendPid) => backendPids.has(backendPid),
    subscribe(notified) {
      subscribers.add(notified);
      return () => subscribers.delete(notified);
    },
  };
}

/**
 * PostgreSQL: a connection of its own (a pooled one goes back to the pool, and with it the LISTEN), opened
 * again a second after it breaks, for as long as the listener is open. It hears the other processes'
 * changes; this process's own come from its pooled connections (`hearOwnChanges`).
 */
export async function listenOnPostgres(
  url: string,
  own: OwnChanges,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  const channel = CATALOGUE_CHANNEL;
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      // A connection cut without a word (a failover, a dropped route) is found, not listened on for ever.
      keepAlive: true,
    });
    let gone = false;
    const lose = (error: Error) => {
      if (gone) return;
      gone = true;
      if (current === client) current = undefined;
      client.end().catch(() => {});
      if (closed) return;
      handlers.lost(error);
      retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the listening connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel && !own.isOwn(message.processId))
        handlers.notified(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed || gone) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    handlers.listening();
  }

  const unsubscribe = own.subscribe((payload) => handlers.notified(payload));
  await connect();
  return {
    async close() {
      closed = true;
      unsubscribe();
      clearTimeout(retry);
      await current?.end().catch(() => {});
    },
  };
}

export type CatalogueTable = 'products' | 'shop_settings' | 'reviews';

/**
 * docs/operations.md#catalogue-cache: a number per table that changes whenever the table may have changed, or
 * undefined while changes could go unheard (not listening), when nothing read from it may be kept.
 */
export interface CatalogueVersions {
  of(table: CatalogueTable): number | undefined;
}

/** The versions, moved by the catalogue channel's handlers: a notification, or listening again after a loss. */
export function createCatalogueVersions(): CatalogueVersions & { handlers: ChannelHandlers } {
  const versions: Record<CatalogueTable, number> = { products: 0, shop_settings: 0, reviews: 0 };
  let listening = false;
  const bumpAll = () => {
    versions.products += 1;
    versions.shop_settings += 1;
    versions.reviews += 1;
  };
  return {
    of: (table) => (listening ? versions[table] : undefined),
    handlers: {
      notified(payload) {
        if (payload === 'products' || payload === 'shop_settings' || payload === 'reviews')
          versions[payload] += 1;
        else bumpAll();
      },
      listening() {
        // What was kept may predate a change whose notification never came.
        bumpAll();
        listening = true;
      },
      lost() {
        listening = false;
        bumpAll();
      },
    },
  };
}
