// Writes the link-preview pictures (docs/architecture.md#seo): WhatsApp and Facebook ignore SVG in og:image,
// so each seed product SVG gets a 1200×630 JPEG twin and the hero mitten a 1200×630 PNG for the home page.
//   web/public/images/share/{id}-{n}.jpg   from web/public/images/products/{id}-{n}.svg
//   web/public/images/share/home.png       from web/public/images/hero-mitten.svg
// Run: npx tsx scripts/render-share-images.ts (the output is committed; run again when the SVGs change).

import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 630;
const CREAM = '#fdf8f1';
const publicDir = fileURLToPath(new URL('../web/public/images/', import.meta.url));
const outDir = join(publicDir, 'share');

async function onCanvas(svgPath: string, size: number) {
  const picture = await sharp(svgPath, { density: 300 })
    .resize(size, size, { fit: 'contain', background: CREAM })
    .png()
    .toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: CREAM } }).composite([
    { input: picture, gravity: 'centre' },
  ]);
}

mkdirSync(outDir, { recursive: true });
for (const file of readdirSync(join(publicDir, 'products')).filter((name) => name.endsWith('.svg'))) {
  const canvas = await onCanvas(join(publicDir, 'products', file), HEIGHT);
  await canvas.jpeg({ quality: 80, mozjpeg: true }).toFile(join(outDir, file.replace(/\.svg$/, '.jpg')));
}
const home = await onCanvas(join(publicDir, 'hero-mitten.svg'), 520);
await home.png({ palette: true, effort: 10 }).toFile(join(outDir, 'home.png'));
