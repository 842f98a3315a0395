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

  it('puts the best earned rating first, not the spec rating, once reviews have moved it (docs/product.md#earned-rating)', () => {
    // The spec rates both 4; 200 reviews at 4.6 earn (12 + 920) / 203; a single 5-star review earns (12 + 5) / 4.
    const products = [
      aProduct({ id: 1, rating: 5, reviewCount: 30, averageRating: 1, earnedRating: 45 / 33 }),
      aProduct({ id: 2, rating: 4, reviewCount: 1, averageRating: 5, earnedRating: 17 / 4 }),
      aProduct({ id: 3, rating: 4, reviewCount: 200, averageRating: 4.6, earnedRating: 932 / 203 }),
      aProduct({ id: 4, rating: 3, reviewCount: 0, averageRating: null, earnedRating: 3 }),
    ];
    expect(ids(sortProducts(products, 'rating-desc'))).toEqual([3, 2, 4, 1]);
  });

  it("falls back to the spec's rating for a product without an earned rating", () => {
    const products = [
      aProduct({ id: 1, rating: 3 }),
      aProduct({ id: 2, rating: 5, earnedRating: 2.5 }),
      aProduct({ id: 3, rating: 4 }),
    ];
    expect(ids(sortProducts(products, 'rating-desc'))).toEqual([3, 1, 2]);
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
