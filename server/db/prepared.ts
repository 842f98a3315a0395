import type { Database } from './client';

/**
 * docs/architecture.md#data: a hot query built once per database instead of on every call. Drizzle
 * builds a query's SQL text on each call, which costs more CPU than the round trip on the busiest routes;
 * a prepared query keeps its text and, on PostgreSQL, its server-side plan. Not for use inside a
 * transaction: a prepared query runs on the database it was prepared on.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
