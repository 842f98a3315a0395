import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/deferred';
import { createQueryWrapper } from '../../test/query-wrapper';
import { aUser } from '../../test/users';
import { setSessionUser } from '../session';
import { readStoredJson, storageKeys, writeStoredJson } from '../storage';
import { createSavedList, type SavedListDefinition } from './saved-list';
import { useSavedList } from './use-saved-list';

interface Item {
  id: number;
  title: string;
}
type Ref = Pick<Item, 'id'>;

const mitt = (id: number, title = `Mitt ${id}`): Item => ({ id, title });
const adding = (item: Item) => (items: readonly Item[]) => [...items, item];

/** A list whose server is the test: every read and save waits until the test answers it. */
function aList(overrides: Partial<SavedListDefinition<Item, Ref>> = {}) {
  const reads: ReturnType<typeof deferred<Item[]>>[] = [];
  const saves: { refs: readonly Ref[]; reply: ReturnType<typeof deferred<Item[]>> }[] = [];
  const fetchList = vi.fn(() => {
    const reply = deferred<Item[]>();
    reads.push(reply);
    return reply.promise;
  });
  const saveList = vi.fn((refs: readonly Ref[]) => {
    const reply = deferred<Item[]>();
    saves.push({ refs, reply });
    return reply.promise;
  });
  const list = createSavedList<Item, Ref>({
    name: 'test-list',
    storage: { key: storageKeys.wishlist, field: 'items' },
    toRef: ({ id }) => ({ id }),
    isRef: (value): value is Ref => typeof (value as Ref | null)?.id === 'number',
    fetchList,
    saveList,
    refusal: (error) => `Could not update your list: ${error.message}`,
    ...overrides,
  });
  return { list, reads, saves, fetchList, saveList };
}

async function renderSignedIn(server: ReturnType<typeof aList>, serverItems: Item[]) {
  const user = aUser();
  setSessionUser(user);
  const { wrapper, queryClient } = createQueryWrapper();
  const hook = renderHook(() => useSavedList(server.list), { wrapper });
  await waitFor(() => expect(server.reads).toHaveLength(1));
  await act(async () => server.reads[0]?.resolve(serverItems));
  await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
  return { ...hook, user, queryClient };
}

afterEach(() => {
  setSessionUser(null);
});

describe('the saved list', () => {
  it('shows two quick changes at once and saves them one after the other, in order', async () => {
    const server = aList();
    const { result, user } = await renderSignedIn(server, [mitt(1)]);

    act(() => {
      result.current.change(adding(mitt(2)));
      result.current.change(adding(mitt(3)));
    });

    expect(result.current.items.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(readStoredJson(storageKeys.wishlist)).toEqual({
      owner: user._id,
      items: [{ id: 1 }, { id: 2 }, { id: 3 }],
      modified: true,
    });
    // The second save waits for the first: the server never sees them out of order.
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]?.refs).toEqual([{ id: 1 }, { id: 2 }]);

    await act(async () => server.saves[0]?.reply.resolve([mitt(1), mitt(2)]));
    await waitFor(() => expect(server.saves).toHaveLength(2));
    expect(server.saves[1]?.refs).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    // The first reply is already out of date: the screen keeps the newer list.
    expect(result.current.items.map((item) => item.id)).toEqual([1, 2, 3]);

    await act(async () => server.saves[1]?.reply.resolve([mitt(1), mitt(2), mitt(3, 'Soft Mitt')]));
    await waitFor(() => expect(result.current.items[2]).toEqual(mitt(3, 'Soft Mitt')));
    expect(readStoredJson(storageKeys.wishlist)).toEqual({
      owner: user._id,
      items: [{ id: 1 }, { id: 2 }, { id: 3 }],
      modified: false,
    });
    expect(result.current.saveError).toBeNull();
  });

  it('undoes a refused change, says why, and reads the list again', async () => {
    const server = aList();
    const { result, user } = await renderSignedIn(server, [mitt(1)]);

    act(() => result.current.change(adding(mitt(4))));
    expect(result.current.items.map((item) => item.id)).toEqual([1, 4]);
    await waitFor(() => expect(server.saves).toHaveLength(1));

    await act(async () => server.saves[0]?.reply.reject(new Error('Product 4 is not in our catalogue.')));

    await waitFor(() =>
      expect(result.current.saveError).toBe('Could not update your list: Product 4 is not in our catalogue.'),
    );
    expect(result.current.items.map((item) => item.id)).toEqual([1]);
    expect(readStoredJson(storageKeys.wishlist)).toEqual({
      owner: user._id,
      items: [{ id: 1 }],
      modified: false,
    });
    await waitFor(() => expect(server.reads).toHaveLength(2));
    await act(async () => server.reads[1]?.resolve([mitt(1), mitt(9)]));
    await waitFor(() => expect(result.current.items.map((item) => item.id)).toEqual([1, 9]));

    act(() => result.current.dismissSaveError());
    expect(result.current.saveError).toBeNull();
  });

  it('keeps a later change when an earlier save is refused, and says why', async () => {
    const server = aList();
    const { result } = await renderSignedIn(server, [mitt(1)]);

    act(() => {
      result.current.change(adding(mitt(2)));
      result.current.change(adding(mitt(3)));
    });
    await waitFor(() => expect(server.saves).toHaveLength(1));
    await act(async () => server.saves[0]?.reply.reject(new Error('Try again')));

    expect(result.current.saveError).toBe('Could not update your list: Try again');
    expect(result.current.items.map((item) => item.id)).toEqual([1, 2, 3]);
    await waitFor(() => expect(server.saves).toHaveLength(2));
    await act(async () => server.saves[1]?.reply.resolve([mitt(1), mitt(2), mitt(3)]));
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    expect(server.reads).toHaveLength(1);
  });

  it('applies a change pressed before the list arrived to the server list, not to an empty one', async () => {
    const server = aList();
    setSessionUser(aUser());
    const { wrapper } = createQueryWrapper();
    const { result } = renderHook(() => useSavedList(server.list), { wrapper });
    await waitFor(() => expect(server.reads).toHaveLength(1));

    act(() => result.current.change(adding(mitt(5))));
    await act(async () => server.reads[0]?.resolve([mitt(1)]));

    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]?.refs).toEqual([{ id: 1 }, { id: 5 }]);
  });

  it('saves the changes this browser made and the server never confirmed, at sign-in', async () => {
    const server = aList();
    const user = aUser();
    writeStoredJson(storageKeys.wishlist, { owner: user._id, items: [{ id: 7 }], modified: true });
    setSessionUser(user);
    const { wrapper } = createQueryWrapper();
    const { result } = renderHook(() => useSavedList(server.list), { wrapper });

    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]?.refs).toEqual([{ id: 7 }]);
    expect(server.fetchList).not.toHaveBeenCalled();
    await act(async () => server.saves[0]?.reply.resolve([mitt(7)]));
    await waitFor(() => expect(result.current.items).toEqual([mitt(7)]));
  });

  it("reads the server's list when this browser's copy is another shopper's", async () => {
    const server = aList();
    writeStoredJson(storageKeys.wishlist, { owner: 'someone-else', items: [{ id: 7 }], modified: true });
    const { result } = await renderSignedIn(server, [mitt(2)]);
    expect(server.saveList).not.toHaveBeenCalled();
    expect(result.current.items).toEqual([mitt(2)]);
  });

  it("keeps a visitor's items through the page's visitor renders and merges them into the list at sign-in", async () => {
    const server = aList();
    server.list.keepForVisitor(mitt(4));
    const { wrapper } = createQueryWrapper();
    const { result } = renderHook(() => useSavedList(server.list), { wrapper });
    expect(readStoredJson(storageKeys.wishlist)).toEqual({ owner: null, items: [{ id: 4 }], modified: true });

    const user = aUser();
    act(() => setSessionUser(user));
    await waitFor(() => expect(server.reads).toHaveLength(1));
    await act(async () => server.reads[0]?.resolve([mitt(1)]));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]?.refs).toEqual([{ id: 1 }, { id: 4 }]);
    await act(async () => server.saves[0]?.reply.resolve([mitt(1), mitt(4)]));
    await waitFor(() => expect(result.current.items).toEqual([mitt(1), mitt(4)]));
    expect(readStoredJson(storageKeys.wishlist)).toEqual({
      owner: user._id,
      items: [{ id: 1 }, { id: 4 }],
      modified: false,
    });
  });

  it("does nothing for a visitor, and forgets the shopper's list at sign-out", async () => {
    const server = aList();
    const { result } = await renderSignedIn(server, [mitt(1)]);
    expect(readStoredJson(storageKeys.wishlist)).toMatchObject({ items: [{ id: 1 }] });

    act(() => setSessionUser(null));

    expect(result.current.items).toEqual([]);
    expect(readStoredJson(storageKeys.wishlist)).toBeUndefined();
    act(() => result.current.change(adding(mitt(2))));
    expect(result.current.items).toEqual([]);
    expect(server.saveList).not.toHaveBeenCalled();
  });
});
