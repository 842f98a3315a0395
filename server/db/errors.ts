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
