import { describe, expect, it } from 'vitest';
import { catalogue } from '../../test/products';
import { filterByTitle, findByExactTitle, suggestProducts } from './match-products';

const ids = (products: readonly { id: number }[]) => products.map((product) => product.id);

describe('filterByTitle', () => {
  it('keeps the products whose title holds the term, whatever its case and spaces', () => {
    expect(ids(filterByTitle(catalogue, '  LUXURY '))).toEqual([4, 5, 7]);
    expect(ids(filterByTitle(catalogue, 'soft'))).toEqual([5, 6]);
  });

  it('reads the title only, not the description or the category', () => {
    expect(filterByTitle(catalogue, 'gentle')).toEqual([]);
    expect(filterByTitle(catalogue, 'premium')).toEqual([]);
  });

  it('keeps every product for an empty term', () => {
    expect(ids(filterByTitle(catalogue, '   '))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('suggestProducts', () => {
  it('suggests by title, description or category', () => {
    expect(ids(suggestProducts(catalogue, 'Black'))).toEqual([7]);
    expect(ids(suggestProducts(catalogue, 'gentle'))).toEqual([3]);
    expect(ids(suggestProducts(catalogue, 'Premium'))).toEqual([4, 6, 7]);
  });

  it('suggests at most six, in the order it was given', () => {
    // Every title has an i.
    expect(ids(suggestProducts(catalogue, 'i'))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(suggestProducts([...catalogue].reverse(), 'i'))).toEqual([7, 6, 5, 4, 3, 2]);
  });

  it('suggests nothing for an empty term', () => {
    expect(suggestProducts(catalogue, ' ')).toEqual([]);
  });
});

describe('findByExactTitle', () => {
  it('finds the product whose whole title is the term, whatever its case and spaces', () => {
    expect(findByExactTitle(catalogue, ' soft mitt ')?.id).toBe(6);
  });

  it('finds nothing for part of a title', () => {
    expect(findByExactTitle(catalogue, 'Luxury')).toBeUndefined();
  });
});
