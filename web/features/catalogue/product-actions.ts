import type { Product } from '../../../contracts/catalogue';

/**
 * What a product's buttons do. The app supplies them (today: a visitor is asked to log in, docs/product.md#behaviour);
 * the cart and wishlist issues fill them in without touching the catalogue.
 */
export interface ProductActions {
  isInCart: (productId: number) => boolean;
  isInWishlist: (productId: number) => boolean;
  toggleCart: (product: Product) => void;
  toggleWishlist: (product: Product) => void;
}

/** docs/product.md#entities: three images per product, with `img` as the single fallback. */
export function productImages(product: Product): string[] {
  return product.images.length > 0 ? product.images : [product.img];
}
