import { createContext, type ReactNode, use, useState } from 'react';
import { SEARCH_QUERY_PARAM, searchPath } from '../../../contracts/search-query';
import { paths } from '../../lib/paths';
import { useLocation, useNavigate } from '../../lib/router';
import { type ProductMatcher, useProductMatcher } from './product-matcher';

interface SearchState {
  /** The one matcher of the box and the grid, once its chunk is here. */
  matcher: ProductMatcher | undefined;
  /** What the search box shows: on the home page, the URL's query. */
  term: string;
  /** Typing: on the home page it replaces the URL's query (one history entry, not one per letter). */
  setTerm: (term: string) => void;
  /** Fills the box without touching the home page's URL: after a suggestion opened its product. */
  fillBox: (term: string) => void;
  clearSearch: () => void;
}

const SearchContext = createContext<SearchState | null>(null);

/**
 * docs/product.md#search-matching: the home page's query lives in its URL (`/?q=soft`), so Back, reload, a
 * shared link and the server-rendered page all show the same results. On other pages the box keeps its text.
 */
export function SearchProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const onHome = pathname === paths.home;
  const urlTerm = onHome ? (new URLSearchParams(search).get(SEARCH_QUERY_PARAM) ?? '') : null;
  const [boxTerm, setBoxTerm] = useState(urlTerm ?? '');
  // The box follows the home page's URL (also on Back), and keeps that text on leaving it.
  if (urlTerm !== null && boxTerm !== urlTerm) setBoxTerm(urlTerm);
  const term = urlTerm ?? boxTerm;

  // A new value at each render: the provider renders only when the location or the box changes.
  const value: SearchState = {
    matcher: useProductMatcher(),
    term,
    setTerm: (next) => {
      if (onHome) navigate(searchPath(next), { replace: true });
      else setBoxTerm(next);
    },
    fillBox: setBoxTerm,
    // Shown on the home page only; Back brings the search back.
    clearSearch: () => navigate(paths.home),
  };
  return <SearchContext value={value}>{children}</SearchContext>;
}

export function useSearch(): SearchState {
  const state = use(SearchContext);
  if (!state) throw new Error('useSearch must be used inside <SearchProvider>');
  return state;
}
