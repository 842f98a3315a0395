import type { Product } from '../../../contracts/catalogue';

// docs/architecture.md#seo: WhatsApp and Facebook ignore SVG in og:image, so each SVG seed image has a JPEG
// twin made once by scripts/render-share-images.ts and committed under web/public/images/share/.

/** The shop's own link-preview picture (1200×630), for the home and policy pages. */
export const SHOP_SHARE_IMAGE = '/images/share/home.png';

const SEED_SVG = /^\/images\/products\/([\w-]+)\.svg$/;

/** The picture a link preview shows for a product: its first image, as JPEG when that image is a seed SVG. */
export function shareImageOf(product: Product): string {
  const first = product.images[0] ?? product.img;
  const seed = SEED_SVG.exec(first);
  return seed ? `/images/share/${seed[1]}.jpg` : first;
}
