import type { Product } from '../../../contracts/catalogue';

// docs/architecture.md#seo: WhatsApp and Facebook ignore SVG and WebP in og:image, so each seed image has a
// JPEG twin made once by scripts/render-share-images.ts and committed under web/public/images/share/.

/** The shop's own link-preview picture (1200×630), for the home and policy pages. */
export const SHOP_SHARE_IMAGE = '/images/share/home.png';

/** A seed picture: its SVG source, or the pictures rendered from it (docs/architecture.md#seed-images). */
const SEED = /^\/images\/products\/(\d+-\d+)(?:\.svg|-800\.webp)$/;

/** The picture a link preview shows for a product: its first image, as JPEG when that image is the seed's. */
export function shareImageOf(product: Product): string {
  const first = product.images[0] ?? product.img;
  const seed = SEED.exec(first);
  return seed ? `/images/share/${seed[1]}.jpg` : first;
}
