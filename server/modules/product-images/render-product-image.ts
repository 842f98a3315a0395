import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { adminCatalogueMessages } from '../../../contracts/admin-catalogue';
import { AppError } from '../../errors';

// docs/architecture.md#product-images: the storefront shows product images in grid and cart thumbnails
// (about 400 px wide on a phone at 2x) and on the product page (up to 800 px).
export const PRODUCT_IMAGE_WIDTHS = [400, 800] as const;
export type ProductImageWidth = (typeof PRODUCT_IMAGE_WIDTHS)[number];
// AVIF first: browsers that read it get the smallest file; WebP for the rest.
export const PRODUCT_IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ProductImageFormat = (typeof PRODUCT_IMAGE_FORMATS)[number];

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const WEBP_QUALITY = 80;
// Quality 50 looks like WebP's 80 at about half the bytes; effort 4 of 9 keeps an upload within a second or so.
const AVIF_OPTIONS = { quality: 50, effort: 4 } as const;
// A decoder bomb (a tiny file claiming a huge canvas) is refused before any pixel is decoded.
const MAX_INPUT_PIXELS = 50_000_000;

export interface RenderedImage {
  /** Names the upload by its content: the same picture uploaded twice is stored once. */
  hash: string;
  variants: { width: ProductImageWidth; format: ProductImageFormat; body: Buffer }[];
}

async function acceptedHeaderOf(bytes: Buffer) {
  try {
    // No pixel limit here: metadata reads the header alone, and the size is judged below with its own message.
    const { format, width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (format && ACCEPTED_FORMATS.has(format)) return { width, height };
  } catch {
    // Not an image sharp can read: the same message as a wrong format.
  }
  throw new AppError('invalid', adminCatalogueMessages.notAnImage);
}

/** Reads the header only: a picture too large to decode is refused as that, with the limit, not as "no picture". */
async function checkAcceptedImage(bytes: Buffer): Promise<void> {
  const { width, height } = await acceptedHeaderOf(bytes);
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError('invalid', adminCatalogueMessages.imageTooManyPixels);
  }
}

function resize(bytes: Buffer, width: ProductImageWidth, format: ProductImageFormat): Promise<Buffer> {
  // rotate() turns the pixels as EXIF says; sharp writes no metadata unless asked, so EXIF is dropped.
  const resized = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  return (
    format === 'avif' ? resized.avif(AVIF_OPTIONS) : resized.webp({ quality: WEBP_QUALITY })
  ).toBuffer();
}

/** Checks that the upload is a JPEG, PNG or WebP picture and renders the sizes the storefront serves. */
export async function renderProductImage(bytes: Buffer): Promise<RenderedImage> {
  await checkAcceptedImage(bytes);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  try {
    const variants = await Promise.all(
      PRODUCT_IMAGE_WIDTHS.flatMap((width) =>
        PRODUCT_IMAGE_FORMATS.map(async (format) => ({
          width,
          format,
          body: await resize(bytes, width, format),
        })),
      ),
    );
    return { hash, variants };
  } catch {
    throw new AppError('invalid', adminCatalogueMessages.notAnImage);
  }
}
