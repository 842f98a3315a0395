/**
 * The newest `limit` items of a list that grows for as long as the shop runs, such as the simulators' logs
 * of webhooks sent (docs/operations.md#stalls-and-memory): older items are dropped, so memory stays bounded
 * however many orders a long run makes. Trimmed in batches, so each push costs the same on average.
 */
export function recentList<T>(limit: number) {
  let items: T[] = [];
  return {
    push(...added: T[]): void {
      items.push(...added);
      if (items.length >= limit * 2) items = items.slice(-limit);
    },
    /** Oldest first. */
    all: (): T[] => items.slice(-limit),
    clear(): void {
      items = [];
    },
  };
}

export type RecentList<T> = ReturnType<typeof recentList<T>>;
