import { type FormEvent, type KeyboardEvent, Suspense, useId, useState } from 'react';
import type { Product } from '../../../../contracts/catalogue';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../../contracts/search-query';
import { SearchIcon } from '../../../components/icons';
import { lazyAfterLoad } from '../../../lib/lazy-after-load';
import { paths } from '../../../lib/paths';
import { useNavigate } from '../../../lib/router';
import { useSearch } from '../search-provider';
import './search-box.css';

// docs/operations.md#performance-budget: not in the first load, like the matcher.
const SuggestionOptions = lazyAfterLoad(() =>
  import('./suggestion-options').then((module) => module.SuggestionOptions),
);

interface SearchBoxProps {
  products: readonly Product[];
}

/** docs/product.md#search-matching: a combobox whose suggestions are the first of the results. */
export function SearchBox({ products }: SearchBoxProps) {
  const { matcher, term, setTerm, fillBox, showResults } = useSearch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputId = useId();
  const listId = useId();

  const suggestions = matcher?.suggestProducts(products, term) ?? [];
  const expanded = open && suggestions.length > 0;
  const activeSuggestion = expanded ? suggestions[activeIndex] : undefined;

  function closeSuggestions() {
    setOpen(false);
    setActiveIndex(-1);
  }

  // docs/product.md#behaviour: clicking a suggestion fills the box and selects the product.
  function selectProduct(product: Product) {
    closeSuggestions();
    navigate(paths.product(product.id));
    // After leaving: the home page's URL keeps what was typed, for Back.
    fillBox(product.title);
  }

  // docs/product.md#behaviour: submitting applies the search; an exact title match selects that product.
  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (activeSuggestion) {
      selectProduct(activeSuggestion);
      return;
    }
    const exactMatch = matcher?.findByExactTitle(products, term);
    if (exactMatch) {
      selectProduct(exactMatch);
      return;
    }
    closeSuggestions();
    // The results, scrolled to, in the search's own history entry: Back returns to the search before it.
    showResults(term);
  }

  function moveThroughSuggestions(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Cycles through the options and back to the input itself (index -1).
      setActiveIndex((index) => {
        const next = index + step;
        if (next >= suggestions.length) return -1;
        return next < -1 ? suggestions.length - 1 : next;
      });
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      closeSuggestions();
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is missing from the older Android WebViews we serve.
    <form className="search-box" role="search" onSubmit={submitSearch}>
      <label htmlFor={inputId} className="visually-hidden">
        Search mittens
      </label>
      <input
        id={inputId}
        className="search-box__input"
        type="search"
        role="combobox"
        placeholder="Search mittens"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeSuggestion ? `${listId}-${activeSuggestion.id}` : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActiveIndex(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={closeSuggestions}
        onKeyDown={moveThroughSuggestions}
      />
      <button type="submit" className="search-box__submit" aria-label="Search">
        <SearchIcon />
      </button>
      <div
        id={listId}
        className="search-box__suggestions"
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
      >
        <Suspense fallback={null}>
          <SuggestionOptions
            listId={listId}
            suggestions={suggestions}
            activeIndex={activeIndex}
            onSelect={selectProduct}
          />
        </Suspense>
      </div>
    </form>
  );
}
