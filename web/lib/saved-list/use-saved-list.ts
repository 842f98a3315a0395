import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSessionUser } from '../session';
import type { SavedList } from './saved-list';
import { useListSaves } from './use-list-saves';

export interface SavedListState<Item> {
  /** The list as shown: saved, or changed and being saved. Empty for a visitor. */
  items: Item[];
  /** A signed-in shopper's list has not arrived yet. */
  isLoading: boolean;
  /** Why the last change was undone, for the shopper to read; null when nothing went wrong. */
  saveError: string | null;
  dismissSaveError: () => void;
  /** Changes the list on screen at once and saves it; a visitor's changes do nothing. */
  change: (update: (items: readonly Item[]) => Item[]) => void;
}

/**
 * The signed-in shopper's list (docs/product.md#behaviour): changes show at once, are kept in this browser and saved to the
 * server; a refused save is undone and says why. Signing out forgets it.
 */
export function useSavedList<Item, Ref>(list: SavedList<Item, Ref>): SavedListState<Item> {
  const userId = useSessionUser()?._id ?? null;
  const queryClient = useQueryClient();
  const [saveError, setSaveError] = useState<string | null>(null);
  const query = useQuery({ ...list.queryOptions(userId ?? ''), enabled: userId !== null });
  const { refusal } = list.definition;
  const save = useListSaves(list, (error) => setSaveError(refusal(error)));

  // docs/product.md#behaviour Logout: the local copy goes with the session.
  useEffect(() => {
    if (userId !== null) return;
    list.clearLocal();
    queryClient.removeQueries({ queryKey: list.keys.all });
    setSaveError(null);
  }, [userId, queryClient, list]);

  const change = useCallback(
    (update: (items: readonly Item[]) => Item[]) => {
      if (userId === null) return;
      const key = list.keys.of(userId);
      const apply = () => {
        // A read still on its way holds the list from before this change.
        void queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<Item[]>(key) ?? list.empty;
        const items = update(previous);
        setSaveError(null);
        queryClient.setQueryData(key, items);
        list.writeLocal(userId, items, true);
        save({ userId, items, previous });
      };
      if (queryClient.getQueryData(key)) {
        apply();
        return;
      }
      // Pressed before the list arrived: change the server's list, not an empty one.
      queryClient
        .fetchQuery(list.queryOptions(userId))
        .then(apply, (error: Error) => setSaveError(refusal(error)));
    },
    [userId, queryClient, save, list, refusal],
  );

  const dismissSaveError = useCallback(() => setSaveError(null), []);

  return {
    items: userId === null ? list.empty : (query.data ?? list.empty),
    isLoading: userId !== null && query.isPending,
    saveError,
    dismissSaveError,
    change,
  };
}
