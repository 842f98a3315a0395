import type { Product } from '../../../contracts/catalogue';

const MAX_SUGGESTIONS = 6;

function normalise(text: string): string {
  return text.trim().toLocaleLowerCase('en-IN');
}

/** docs/product.md#behaviour Search: typing filters the grid by title. */
export function filterByTitle(products: readonly Product[], term: string): Product[] {
  const query = normalise(term);
  if (query === '') return [...products];
  return products.filter((product) => normalise(product.title).includes(query));
}

/** docs/product.md#behaviour Search: suggestions match the title, the description or the category. */
export function suggestProducts(products: readonly Product[], term: string): Product[] {
  const query = normalise(term);
  if (query === '') return [];
  return products
    .filter((product) =>
      [product.title, product.description, product.category].some((text) => normalise(text).includes(query)),
    )
    .slice(0, MAX_SUGGESTIONS);
}

/** docs/product.md#behaviour Search: submitting an exact title selects that product. */
export function findByExactTitle(products: readonly Product[], term: string): Product | undefined {
  const query = normalise(term);
  return products.find((product) => normalise(product.title) === query);
}
