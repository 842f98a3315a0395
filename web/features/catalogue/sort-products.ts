import type { Product } from '../../../contracts/catalogue';

export const sortOptions = [
  { value: '', label: 'Sort by' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'rating-desc', label: 'Rating: High to Low' },
  { value: 'discount-desc', label: 'Discount: High to Low' },
] as const;

export type SortKey = (typeof sortOptions)[number]['value'];

export function isSortKey(value: string): value is SortKey {
  return sortOptions.some((option) => option.value === value);
}

/** docs/product.md#earned-rating: the earned rating sorts; a product the reply gives none keeps the spec's. */
const ratingOf = (product: Product) => product.earnedRating ?? product.rating;

// docs/product.md#numbers-and-timings: price ascending, rating descending, discount descending.
const comparators: Record<Exclude<SortKey, ''>, (a: Product, b: Product) => number> = {
  'price-asc': (a, b) => a.price - b.price,
  'rating-desc': (a, b) => ratingOf(b) - ratingOf(a),
  'discount-desc': (a, b) => b.discount - a.discount,
};

/** Sorting is stable, so equal keys keep the shuffled order. No sort key leaves the order as it is. */
export function sortProducts(products: readonly Product[], key: SortKey): Product[] {
  if (key === '') return [...products];
  return [...products].sort(comparators[key]);
}
