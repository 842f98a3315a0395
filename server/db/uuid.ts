const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our rows' ids are UUIDs: anything else names no row, and must not reach a uuid column (PostgreSQL refuses it). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
