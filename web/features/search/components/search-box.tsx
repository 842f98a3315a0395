import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import type { Product } from '../../../../contracts/catalogue';
import {
  findByExactTitle,
  SEARCH_QUERY_MAX_LENGTH,
  suggestProducts,
} from '../../../../contracts/product-search';
import { SearchIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { useNavigate } from '../../../lib/router';
import { useSearch } from '../search-provider';
import './search-box.css';

interface SearchBoxProps {
  products: readonly Product[];
}

/** docs/product.md#search-matching: a combobox whose suggestions are the first of the results. */
export function SearchBox({ products }: SearchBoxProps) {
  const { term, setTerm, fillBox, showResults } = useSearch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputId = useId();
  const listId = useId();

  const suggestions = suggestProducts(products, term);
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
    const exactMatch = findByExactTitle(products, term);
    if (exactMatch) {
      selectProduct(exactMatch);
      return;
    }
    closeSuggestions();
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
        {suggestions.map((product, index) => (
          // The combobox input keeps focus and handles the keyboard (arrows, Enter, Escape); options only
          // take clicks, as in the WAI-ARIA APG combobox with aria-activedescendant.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
          // biome-ignore lint/a11y/useFocusableInteractive: see above.
          <div
            key={product.id}
            id={`${listId}-${product.id}`}
            role="option"
            aria-selected={index === activeIndex}
            className="search-box__option"
            // Keeps focus in the input, so the blur doesn't close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => selectProduct(product)}
          >
            <span className="search-box__option-title">{product.title}</span>
            <span className="search-box__option-category">{product.category}</span>
          </div>
        ))}
      </div>
    </form>
  );
}
