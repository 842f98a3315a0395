/**
 * docs/operations.md#simulator-state: a simulator answers from the state it holds and writes each change to
 * the database after it, one write at a time in the order of the changes. It must not wait for the database
 * while it answers: the shop calls it while holding a transaction, and embedded PGlite runs one at a time.
 */
export function createStateWriter(onError: (error: unknown) => void) {
  let last: Promise<void> = Promise.resolve();
  return {
    write(work: () => Promise<unknown>): void {
      // After the reply has gone: embedded PGlite runs on this thread.
      last = last
        .then(() => new Promise((resolve) => setImmediate(resolve)))
        .then(work)
        .then(
          () => {},
          (error: unknown) => onError(error),
        );
    },
    /** Resolves once every write so far is done: before the database closes. */
    flushed: (): Promise<void> => last,
  };
}

export type StateWriter = ReturnType<typeof createStateWriter>;
