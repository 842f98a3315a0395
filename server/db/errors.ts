/** The database's error with this SQLSTATE, whether the driver's error arrives bare or wrapped by Drizzle. */
export function databaseErrorOf(error: unknown, sqlState: string): { detail?: string } | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; detail?: string };
    if (candidate.code === sqlState) return candidate;
  }
  return undefined;
}

/** Postgres's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error, '23505') !== undefined;
}

// docs/architecture.md#database-away: what the drivers throw when the database cannot be reached or drops the
// connection, as against a statement it refused. The socket's codes, the SQLSTATEs of a server going away
// or not yet taking connections, and the texts pg and its pool give their own failures (they carry no code).
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping, or the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down or in recovery
  '53300', // too_many_connections
]);
const DRIVER_TEXTS = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

/** Whether the error (bare, or wrapped by Drizzle) says the database is away rather than that a statement failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === 'string' && DRIVER_TEXTS.some((text) => message.startsWith(text))) return true;
    if (current === (current as { cause?: unknown }).cause) break;
  }
  return false;
}
