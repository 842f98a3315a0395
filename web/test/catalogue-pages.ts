import { within } from '@testing-library/react';
import type { Product } from '../../contracts/catalogue';
import { catalogue } from './products';

/** The seven mittens, each with three photos as the seed catalogue has them (web/test/products.ts has none). */
export const photographedCatalogue: Product[] = catalogue.map((product) => ({
  ...product,
  images: [1, 2, 3].map((n) => `/images/products/${product.id}-${n}.svg`),
}));

/** The product ids of the cards in the order the grid shows them, read from their links. */
export function cardProductIds(region: HTMLElement): number[] {
  return within(region)
    .getAllByRole('article')
    .map((card) =>
      Number(within(card).getAllByRole('link')[0]?.getAttribute('href')?.replace('/product/', '')),
    );
}

/** What the grid saved as its shuffled order (docs/product.md#behaviour). */
export function storedProductOrder(): unknown {
  return JSON.parse(window.localStorage.getItem('ottomanProductOrder') ?? 'null');
}

/** `GET /api/products/:id` for the given products, as the API answers each (docs/product.md#http-api). */
export function productRoutes(products: readonly Product[]): Record<string, { product: Product }> {
  return Object.fromEntries(products.map((product) => [`GET /api/products/${product.id}`, { product }]));
}

/** The card titles the grid shows, sorted. */
export function cardTitles(region: HTMLElement): string[] {
  return within(region)
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent ?? '')
    .sort();
}
