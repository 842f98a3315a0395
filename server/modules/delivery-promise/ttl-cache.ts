/**
 * A bounded map whose entries expire (docs/architecture.md#delivery-promise-cache). Full, it forgets the
 * oldest entry first: a Map keeps insertion order, and a refreshed entry is moved to the end.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
    },
    get size() {
      return entries.size;
    },
    clear(): void {
      entries.clear();
    },
  };
}
