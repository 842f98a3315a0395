import { useEffect, useState } from 'react';

export type ProductMatcher = typeof import('../../../contracts/product-search');

// docs/operations.md#performance-budget: the matcher is not in the first load. It is asked for as the app
// starts; a page the server rendered with a search (/?q=…) waits for it before hydrating (web/main.tsx), as
// does the server's renderer, so both render the same results.
let matcher: ProductMatcher | undefined;
let pending: Promise<ProductMatcher> | undefined;

export function loadProductMatcher(): Promise<ProductMatcher> {
  pending ??= import('../../../contracts/product-search').then((module) => (matcher = module));
  return pending;
}

/** The matcher once its chunk is here; until then undefined (the box suggests nothing, the grid shows all). */
export function useProductMatcher(): ProductMatcher | undefined {
  const [loaded, setLoaded] = useState(matcher);
  useEffect(() => {
    if (!loaded) loadProductMatcher().then(setLoaded, () => undefined);
  }, [loaded]);
  return loaded;
}
