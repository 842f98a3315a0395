import type { Product } from '../../contracts/catalogue';

/** A catalogue product with overrides; the rest as the shop's mittens have it. */
export function aProduct(overrides: Partial<Product> & Pick<Product, 'id'>): Product {
  const price = overrides.price ?? 949;
  const discount = overrides.discount ?? 40;
  return {
    title: `Mitt ${overrides.id}`,
    description: 'A silk exfoliating mitten.',
    price,
    discount,
    discountedPrice: Math.round(price * (1 - discount / 100)),
    rating: 4,
    images: [],
    img: '',
    category: 'bath',
    sku: `OTT-${overrides.id}`,
    brand: 'Ottoman',
    weight: 0.5,
    inStock: true,
    details: { whyChoose: '', benefits: [], changesObserved: '' },
    ...overrides,
  };
}

/** The seven mittens of the catalogue (title, price, rating, category), in the order of their ids. */
export const catalogue: readonly Product[] = [
  aProduct({ id: 1, title: 'Face Mitt', price: 399, rating: 4, category: 'bath' }),
  aProduct({ id: 2, title: 'For Normal Skin', price: 949, rating: 5, category: 'gloves' }),
  aProduct({
    id: 3,
    title: 'For Sensitive Skin',
    price: 949,
    rating: 3,
    category: 'bath',
    description: 'A gentle weave for delicate skin.',
  }),
  aProduct({ id: 4, title: 'Luxury Mitt', price: 999, rating: 4, category: 'premium' }),
  aProduct({ id: 5, title: 'Luxury Soft Mitt', price: 899, rating: 4, category: 'gloves' }),
  aProduct({ id: 6, title: 'Soft Mitt', price: 649, rating: 5, category: 'premium' }),
  aProduct({ id: 7, title: 'Luxury Mitt Black', price: 999, rating: 5, category: 'premium' }),
];
