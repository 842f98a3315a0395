import { createContext, type ReactNode, use, useRef, useState } from 'react';
import { SEARCH_QUERY_PARAM, searchPath } from '../../../contracts/search-query';
import { paths } from '../../lib/paths';
import { useLocation, useNavigate } from '../../lib/router';
import { type ProductMatcher, useProductMatcher } from './product-matcher';

interface SearchState {
  /** The one matcher of the box and the grid, once its chunk is here. */
  matcher: ProductMatcher | undefined;
  /** What the search box shows: on the home page, the URL's query. */
  term: string;
  /**
   * Typing: on the home page it puts the query in the URL, one history entry a search (not one a letter): the
   * first letter of a new search adds an entry, the next ones replace it.
   */
  setTerm: (term: string) => void;
  /** Submitting: the results, scrolled to, in the typed search's own entry (or a new one if there is none). */
  showResults: (term: string) => void;
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
  // The home page's URL (path and query) of the entry the search being typed made; null when none is typed.
  const typingEntry = useRef<string | null>(null);
  const current = `${pathname}${search}`;

  // A new value at each render: the provider renders only when the location or the box changes.
  const value: SearchState = {
    matcher: useProductMatcher(),
    term,
    setTerm: (next) => {
      if (!onHome) {
        setBoxTerm(next);
        return;
      }
      // Issue 45: each search is its own entry, so Back after three searches goes to the second.
      navigate(searchPath(next), { replace: typingEntry.current === current });
      typingEntry.current = searchPath(next);
    },
    showResults: (next) => {
      navigate(paths.searchResults(next), { replace: onHome && typingEntry.current === current });
      typingEntry.current = null;
    },
    fillBox: setBoxTerm,
    // Shown on the home page only; Back brings the search back.
    clearSearch: () => {
      typingEntry.current = null;
      navigate(paths.home);
    },
  };
  return <SearchContext value={value}>{children}</SearchContext>;
}

export function useSearch(): SearchState {
  const state = use(SearchContext);
  if (!state) throw new Error('useSearch must be used inside <SearchProvider>');
  return state;
}
