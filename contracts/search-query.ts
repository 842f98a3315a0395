// docs/product.md#search-matching: the search's place in the URL, without the matcher (product-search.ts),
// which the browser loads apart from the first load.

/** The home page's URL holds the query: `/?q=soft` (Back, reload and a shared link keep the search). */
export const SEARCH_QUERY_PARAM = 'q';

/** The longest query the search box takes and the server renders. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** The home page showing a query's results: `/` for none. */
export function searchPath(query: string): string {
  return query === '' ? '/' : `/?${SEARCH_QUERY_PARAM}=${encodeURIComponent(query)}`;
}
