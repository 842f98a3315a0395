import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { forgetRenderedOrder, renderedOrder } from '../api/rendered-order';
import { saveProductOrder, shuffleIds } from '../product-order';

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/**
 * docs/product.md#behaviour Product order: reshuffled on every grid load and whenever search is cleared; saved to local
 * storage. Derived during render (not in an effect) so the grid never shows an unshuffled frame.
 */
export function useShuffledOrder(ids: readonly number[] | undefined, searchTerm: string): readonly number[] {
  const queryClient = useQueryClient();
  // A page rendered on the server comes with its shuffle: the first render must draw the same grid.
  const [order, setOrder] = useState<readonly number[]>(() => {
    const rendered = renderedOrder(queryClient);
    if (ids && rendered && sameIds(rendered, ids)) return rendered;
    return ids ? shuffleIds(ids) : [];
  });
  const [previousTerm, setPreviousTerm] = useState(searchTerm);

  if (ids && !sameIds(order, ids)) setOrder(shuffleIds(ids));

  if (searchTerm !== previousTerm) {
    setPreviousTerm(searchTerm);
    // docs/product.md#behaviour: reshuffle whenever search is cleared.
    if (ids && previousTerm.trim() !== '' && searchTerm.trim() === '') setOrder(shuffleIds(ids));
  }

  useEffect(() => forgetRenderedOrder(queryClient), [queryClient]);

  useEffect(() => {
    if (order.length > 0) saveProductOrder(order);
  }, [order]);

  return order;
}
