import { useMutation, useQueryClient } from '@tanstack/react-query';
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
 * Saves a list already changed on screen. Saves run one at a time in the order the changes were made, each
 * sending the whole list; only the last one's outcome is shown, as earlier replies are already out of date.
 */
export function useListSaves<Item, Ref>(list: SavedList<Item, Ref>, onRefused: (error: Error) => void) {
  const queryClient = useQueryClient();
  const isLastSave = () => queryClient.isMutating({ mutationKey: list.keys.update }) === 1;
  const stillSignedIn = (userId: string) => getSessionUser()?._id === userId;

  return useMutation({
    mutationKey: list.keys.update,
    scope: { id: list.keys.update.join(':') },
    mutationFn: ({ items }: ListSave<Item>) => list.definition.saveList(items.map(list.definition.toRef)),
    onSuccess: (saved, { userId }) => {
      if (!isLastSave() || !stillSignedIn(userId)) return;
      queryClient.setQueryData(list.keys.of(userId), saved);
      list.writeLocal(userId, saved, false);
    },
    onError: (error, { userId, previous }) => {
      if (!stillSignedIn(userId)) return;
      onRefused(error);
      if (!isLastSave()) return;
      queryClient.setQueryData(list.keys.of(userId), previous);
      list.writeLocal(userId, previous, false);
      // The undone change may have followed others that failed too: read what the server really holds.
      void queryClient.invalidateQueries({ queryKey: list.keys.of(userId) });
    },
  });
}
