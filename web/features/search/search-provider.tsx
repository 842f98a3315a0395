import { createContext, type ReactNode, use, useMemo, useState } from 'react';

interface SearchState {
  term: string;
  setTerm: (term: string) => void;
  clearSearch: () => void;
}

const SearchContext = createContext<SearchState | null>(null);

/** The search term is shared by the header's search box and the home page's grid. */
export function SearchProvider({ children }: { children: ReactNode }) {
  const [term, setTerm] = useState('');
  const value = useMemo(() => ({ term, setTerm, clearSearch: () => setTerm('') }), [term]);
  return <SearchContext value={value}>{children}</SearchContext>;
}

export function useSearch(): SearchState {
  const state = use(SearchContext);
  if (!state) throw new Error('useSearch must be used inside <SearchProvider>');
  return state;
}
