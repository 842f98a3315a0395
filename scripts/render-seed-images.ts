// Writes the seed catalogue's pictures as the shop stores an uploaded photo (docs/architecture.md#seed-images):
// each web/public/images/products/{id}-{n}.svg drawn at 800 px, then through the upload renderer, as
//   web/public/images/products/{id}-{n}-{400,800}.{avif,webp}
// Run: npx tsx scripts/render-seed-images.ts (the output is committed; run again when the SVGs change).

import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { stopRenderer } from '../server/modules/product-images/image-renderer-client';
import { PRODUCT_IMAGE_FORMATS, renderImage } from '../server/modules/product-images/render-product-image';

const productsDir = fileURLToPath(new URL('../web/public/images/products/', import.meta.url));

for (const file of readdirSync(productsDir).filter((name) => name.endsWith('.svg'))) {
  // A vector has no size of its own: drawn at the largest width the storefront shows, as a PNG upload.
  const drawn = await sharp(join(productsDir, file), { density: 300 }).resize(800, 800).png().toBuffer();
  const { variants } = await renderImage(drawn, PRODUCT_IMAGE_FORMATS);
  for (const variant of variants) {
    const name = file.replace(/\.svg$/, `-${variant.width}.${variant.format}`);
    writeFileSync(join(productsDir, name), variant.body);
  }
  console.log(
    `${file}: ${variants.map((variant) => `${variant.width}.${variant.format} ${variant.body.length} B`).join(', ')}`,
  );
}
stopRenderer();
