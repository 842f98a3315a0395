import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { getSessionUser } from '../session';
import type { SavedList } from './saved-list';

export interface ListSave<Item> {
  userId: string;
  /** The list as changed on screen, to save. */
  items: Item[];
  /** The list before the change, to go back to if the server refuses it. */
  previous: Item[];
}

/**
 * Saves a list already changed on screen. Saves run one at a time in the order the changes were made (one
 * mutation scope), each sending the whole list; only the last one's outcome is shown, as earlier replies are
 * already out of date. Built on the query client's mutation cache rather than useMutation: nothing here
 * reads a mutation's state, and the observer useMutation brings is not in the first load
 * (docs/operations.md#performance-budget).
 */
export function useListSaves<Item, Ref>(
  list: SavedList<Item, Ref>,
  onRefused: (error: Error) => void,
): (save: ListSave<Item>) => void {
  const queryClient = useQueryClient();
  const refused = useRef(onRefused);
  refused.current = onRefused;

  return useCallback(
    (save: ListSave<Item>) => {
      const isLastSave = () => queryClient.isMutating({ mutationKey: list.keys.update }) === 1;
      const stillSignedIn = (userId: string) => getSessionUser()?._id === userId;
      const mutation = queryClient.getMutationCache().build(queryClient, {
        mutationKey: list.keys.update,
        scope: { id: list.keys.update.join(':') },
        mutationFn: ({ items }: ListSave<Item>) => list.definition.saveList(items.map(list.definition.toRef)),
        onSuccess: (saved: Item[], { userId }: ListSave<Item>) => {
          if (!isLastSave() || !stillSignedIn(userId)) return;
          queryClient.setQueryData(list.keys.of(userId), saved);
          list.writeLocal(userId, saved, false);
        },
        onError: (error: Error, { userId, previous }: ListSave<Item>) => {
          if (!stillSignedIn(userId)) return;
          refused.current(error);
          if (!isLastSave()) return;
          queryClient.setQueryData(list.keys.of(userId), previous);
          list.writeLocal(userId, previous, false);
          // The undone change may have followed others that failed too: read what the server really holds.
          void queryClient.invalidateQueries({ queryKey: list.keys.of(userId) });
        },
      });
      // The outcome is handled above; the promise's rejection is the same error.
      mutation.execute(save).catch(() => undefined);
    },
    [queryClient, list],
  );
}
