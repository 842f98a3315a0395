import { queryOptions } from '@tanstack/react-query';
import { readStoredJson, removeStored, type StorageKey, writeStoredJson } from '../storage';

// One mechanism for the lists a signed-in shopper keeps on the server (the cart, the wishlist): a cache entry
// per shopper, a copy in this browser, and saves that send the whole list.

export interface SavedListDefinition<Item, Ref> {
  /** Names the list's cache entries and its saves. */
  name: string;
  /** Where this browser keeps its copy, and the stored object's field that holds the references. */
  storage: { key: StorageKey; field: string };
  /** What is stored and sent for an item: the server prices and describes it every time. */
  toRef: (item: Item) => Ref;
  isRef: (value: unknown) => value is Ref;
  fetchList: (signal: AbortSignal) => Promise<Item[]>;
  /** The list becomes the shopper's; the reply is the list as the server keeps it. */
  saveList: (refs: readonly Ref[]) => Promise<Item[]>;
  /** What the shopper reads when a change is undone. */
  refusal: (error: Error) => string;
}

/**
 * The browser's copy of a shopper's list. `modified` marks a change the server has not confirmed yet
 * (docs/product.md#behaviour), which then wins over the server's copy at the next sign-in.
 */
export interface LocalSavedList<Ref> {
  refs: Ref[];
  modified: boolean;
}

export interface SavedList<Item, Ref> {
  definition: SavedListDefinition<Item, Ref>;
  /** The one empty list, so a visitor's list keeps its identity from render to render. */
  empty: Item[];
  keys: {
    all: readonly [string];
    of: (userId: string) => readonly [string, 'of', string];
    update: readonly [string, 'update'];
  };
  queryOptions: (userId: string) => ReturnType<typeof listQueryOptions<Item>>;
  readLocal: (owner: string) => LocalSavedList<Ref> | undefined;
  writeLocal: (owner: string, items: readonly Item[], modified: boolean) => void;
  /** Keeps an item in this browser for a visitor; it joins the shopper's list at their next sign-in. */
  keepForVisitor: (item: Item) => void;
  /** Forgets a signed-in shopper's copy (logout); a visitor's kept items stay for their sign-in. */
  clearLocal: () => void;
}

function listQueryOptions<Item>(
  queryKey: readonly unknown[],
  load: (signal: AbortSignal) => Promise<Item[]>,
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => load(signal) });
}

export function createSavedList<Item, Ref>(definition: SavedListDefinition<Item, Ref>): SavedList<Item, Ref> {
  const { name, storage, toRef, isRef, fetchList, saveList } = definition;
  const keys = {
    all: [name] as const,
    of: (userId: string) => [name, 'of', userId] as const,
    update: [name, 'update'] as const,
  };

  function readLocal(owner: string): LocalSavedList<Ref> | undefined {
    const stored = readStoredJson(storage.key);
    if (typeof stored !== 'object' || stored === null) return undefined;
    const record = stored as Record<string, unknown>;
    const refs = record[storage.field];
    if (record.owner !== owner || !Array.isArray(refs) || !refs.every(isRef)) return undefined;
    return { refs, modified: record.modified === true };
  }

  function writeLocal(owner: string, items: readonly Item[], modified: boolean): void {
    writeStoredJson(storage.key, { owner, [storage.field]: items.map(toRef), modified });
  }

  /** A visitor's copy has no owner. */
  function readVisitorRefs(): Ref[] {
    const stored = readStoredJson(storage.key);
    if (typeof stored !== 'object' || stored === null) return [];
    const record = stored as Record<string, unknown>;
    const refs = record[storage.field];
    return record.owner === null && Array.isArray(refs) ? refs.filter(isRef) : [];
  }

  function keepForVisitor(item: Item): void {
    writeStoredJson(storage.key, {
      owner: null,
      [storage.field]: [...readVisitorRefs(), toRef(item)],
      modified: true,
    });
  }

  function clearLocal(): void {
    const stored = readStoredJson(storage.key);
    const owner =
      typeof stored === 'object' && stored !== null ? (stored as { owner?: unknown }).owner : undefined;
    if (owner !== null) removeStored(storage.key);
  }

  /**
   * docs/product.md#behaviour on sign-in: changes made here and not yet saved (the tab closed during a save) win, and are saved
   * now; otherwise the server's list is the list. An unmodified copy is only what the server last confirmed,
   * so the server's list replaces it even when empty: it may have been ordered or emptied elsewhere.
   */
  async function load(userId: string, signal: AbortSignal): Promise<Item[]> {
    const local = readLocal(userId);
    let items = local?.modified ? await saveList(local.refs) : await fetchList(signal);
    // What the shopper kept as a visitor is merged into their list (the server drops a wishlist's duplicates).
    const visitorRefs = readVisitorRefs();
    if (visitorRefs.length > 0) items = await saveList([...items.map(toRef), ...visitorRefs]);
    writeLocal(userId, items, false);
    return items;
  }

  return {
    definition,
    empty: [],
    keys,
    queryOptions: (userId) => listQueryOptions(keys.of(userId), (signal) => load(userId, signal)),
    readLocal,
    writeLocal,
    keepForVisitor,
    clearLocal,
  };
}
