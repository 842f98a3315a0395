import { describe, expect, it } from 'vitest';
import { aProduct, catalogue } from '../../test/products';
import { isSortKey, sortOptions, sortProducts } from './sort-products';

const ids = (products: readonly { id: number }[]) => products.map((product) => product.id);

// A shuffled grid, as the home page shows it.
const shuffled = [6, 3, 7, 1, 4, 2, 5].map((id) => catalogue[id - 1] ?? aProduct({ id }));

describe('sortProducts', () => {
  it('offers the four choices of the sort dropdown', () => {
    expect(sortOptions.map((option) => option.label)).toEqual([
      'Sort by',
      'Price: Low to High',
      'Rating: High to Low',
      'Discount: High to Low',
    ]);
  });

  it('puts the cheapest first; equal prices keep the shuffled order', () => {
    expect(ids(sortProducts(shuffled, 'price-asc'))).toEqual([1, 6, 5, 3, 2, 7, 4]);
  });

  it('puts the best rated first; equal ratings keep the shuffled order', () => {
    expect(ids(sortProducts(shuffled, 'rating-desc'))).toEqual([6, 7, 2, 1, 4, 5, 3]);
  });

  it('puts the biggest discount first', () => {
    const products = [
      aProduct({ id: 1, discount: 10 }),
      aProduct({ id: 2, discount: 40 }),
      aProduct({ id: 3, discount: 25 }),
      aProduct({ id: 4, discount: 40 }),
    ];
    expect(ids(sortProducts(products, 'discount-desc'))).toEqual([2, 4, 3, 1]);
  });

  it("leaves the order as it is for 'Sort by', and never reorders the list it was given", () => {
    const sorted = sortProducts(shuffled, '');
    expect(ids(sorted)).toEqual([6, 3, 7, 1, 4, 2, 5]);
    expect(sorted).not.toBe(shuffled);
    sortProducts(shuffled, 'price-asc');
    expect(ids(shuffled)).toEqual([6, 3, 7, 1, 4, 2, 5]);
  });

  it('knows its own keys only', () => {
    expect(['', 'price-asc', 'rating-desc', 'discount-desc'].every(isSortKey)).toBe(true);
    expect(isSortKey('price-desc')).toBe(false);
    expect(isSortKey('title')).toBe(false);
  });
});
