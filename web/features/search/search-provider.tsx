import { createContext, type ReactNode, use, useMemo, useState } from 'react';
import { SEARCH_QUERY_PARAM, searchPath } from '../../../contracts/product-search';
import { paths } from '../../lib/paths';
import { useLocation, useNavigate } from '../../lib/router';

interface SearchState {
  /** What the search box shows: on the home page, the URL's query. */
  term: string;
  /** Typing: on the home page it replaces the URL's query (one history entry, not one per letter). */
  setTerm: (term: string) => void;
  /** Fills the box without touching the home page's URL: after a suggestion opened its product. */
  fillBox: (term: string) => void;
  /** Opens the home page with the term's results, scrolled to them (a new history entry). */
  showResults: (term: string) => void;
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

  const value = useMemo<SearchState>(
    () => ({
      term,
      setTerm: (next) => {
        if (onHome) navigate(searchPath(next), { replace: true });
        else setBoxTerm(next);
      },
      fillBox: setBoxTerm,
      showResults: (next) => navigate(paths.searchResults(next)),
      clearSearch: () => {
        setBoxTerm('');
        if (onHome) navigate(paths.home);
      },
    }),
    [term, onHome, navigate],
  );
  return <SearchContext value={value}>{children}</SearchContext>;
}

export function useSearch(): SearchState {
  const state = use(SearchContext);
  if (!state) throw new Error('useSearch must be used inside <SearchProvider>');
  return state;
}
