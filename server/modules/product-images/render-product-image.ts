import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { adminCatalogueMessages } from '../../../contracts/admin-catalogue';
import { messages } from '../../../contracts/messages';
import { AppError } from '../../errors';
import { IMAGE_TIMEOUT_SECONDS, ImageWorkBusy, MAX_INPUT_PIXELS, withImageBudget } from './image-budget';
import type { RenderReply } from './image-renderer';
import { renderInRenderer } from './image-renderer-client';
import type { SpooledUpload } from './image-store';

// docs/architecture.md#product-images: the storefront shows product images in grid and cart thumbnails
// (about 400 px wide on a phone at 2x) and on the product page (up to 800 px).
export const PRODUCT_IMAGE_WIDTHS = [400, 800] as const;
export type ProductImageWidth = (typeof PRODUCT_IMAGE_WIDTHS)[number];
// AVIF first: browsers that read it get the smallest file; WebP for the rest.
export const PRODUCT_IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ProductImageFormat = (typeof PRODUCT_IMAGE_FORMATS)[number];

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface RenderedImage {
  /** Names the upload by its content: the same picture uploaded twice is stored once. */
  hash: string;
  variants: { width: ProductImageWidth; format: ProductImageFormat; body: Buffer }[];
}

/** Why a picture was not rendered; each caller words it for its reader. */
export class ImageRefused extends Error {
  constructor(readonly reason: 'not_an_image' | 'too_many_pixels' | 'too_slow') {
    super(`image refused: ${reason}`);
    this.name = 'ImageRefused';
  }
}

/** The upload: its bytes, or the temporary file it was written to (sharp reads either). */
export type ImageInput = Buffer | SpooledUpload;
const sourceOf = (input: ImageInput) => (Buffer.isBuffer(input) ? input : input.path);

async function acceptedHeaderOf(bytes: ImageInput) {
  try {
    // No pixel limit here: metadata reads the header alone, and the size is judged below with its own message.
    const { format, width, height } = await sharp(sourceOf(bytes), { limitInputPixels: false }).metadata();
    if (format && ACCEPTED_FORMATS.has(format)) return { width, height };
  } catch {
    // Not an image sharp can read: the same refusal as a wrong format.
  }
  throw new ImageRefused('not_an_image');
}

/** Reads the header only: a picture too large to decode is refused as that, not as "no picture". */
async function checkAcceptedImage(bytes: ImageInput): Promise<void> {
  const { width, height } = await acceptedHeaderOf(bytes);
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRefused('too_many_pixels');
}

/**
 * Checks that the upload is a JPEG, PNG or WebP picture within the pixel limit and renders it at each width
 * in each of `formats`, inside the image budget (one picture at a time, each step timed out). Throws
 * ImageRefused or ImageWorkBusy.
 */
export async function renderImage(
  bytes: ImageInput,
  formats: readonly ProductImageFormat[],
): Promise<RenderedImage> {
  await checkAcceptedImage(bytes);
  const sha256 = Buffer.isBuffer(bytes) ? createHash('sha256').update(bytes).digest('hex') : bytes.sha256;
  const hash = sha256.slice(0, 16);
  return withImageBudget(async () => {
    const reply = await renderInRenderer({
      source: sourceOf(bytes),
      widths: PRODUCT_IMAGE_WIDTHS,
      formats,
      maxInputPixels: MAX_INPUT_PIXELS,
      timeoutSeconds: IMAGE_TIMEOUT_SECONDS,
    }).catch((): RenderReply => ({ id: 0, refused: 'too_slow' }));
    if ('refused' in reply) throw new ImageRefused(reply.refused);
    return {
      hash,
      variants: reply.variants.map((variant) => ({
        width: variant.width as ProductImageWidth,
        format: variant.format,
        body: Buffer.from(variant.body.buffer, variant.body.byteOffset, variant.body.byteLength),
      })),
    };
  });
}

/** The product image's refusals in the console's words. */
export function productImageError(error: unknown): unknown {
  if (error instanceof ImageWorkBusy) return new AppError('unavailable', messages.imagesBusy);
  if (!(error instanceof ImageRefused)) return error;
  return new AppError(
    'invalid',
    error.reason === 'not_an_image'
      ? adminCatalogueMessages.notAnImage
      : adminCatalogueMessages.imageTooManyPixels,
  );
}

/** A product image: AVIF and WebP at each width the storefront draws. */
export async function renderProductImage(bytes: Buffer): Promise<RenderedImage> {
  try {
    return await renderImage(bytes, PRODUCT_IMAGE_FORMATS);
  } catch (error) {
    throw productImageError(error);
  }
}
