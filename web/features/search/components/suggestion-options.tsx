import type { Product } from '../../../../contracts/catalogue';

interface SuggestionOptionsProps {
  listId: string;
  suggestions: readonly Product[];
  activeIndex: number;
  onSelect: (product: Product) => void;
}

/** The search box's options: a chunk of its own, as they show only once the shopper types. */
export function SuggestionOptions({ listId, suggestions, activeIndex, onSelect }: SuggestionOptionsProps) {
  return suggestions.map((product, index) => (
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
      onClick={() => onSelect(product)}
    >
      <span className="search-box__option-title">{product.title}</span>
      <span className="search-box__option-category">{product.category}</span>
    </div>
  ));
}
