import pLimit from 'p-limit';
import sharp from 'sharp';

// docs/architecture.md#upload-budget: what one upload may cost the process, so a shopper's photo never makes
// another shopper's page wait. Product images and return photos share it.

/** A picture whose header claims more pixels is refused before any is decoded (a decoder bomb's tiny file). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Each sharp pipeline (the decode, each encode) is stopped after this long. */
export const IMAGE_TIMEOUT_SECONDS = 10;
/** Pictures rendered at once (in the renderer process, image-renderer.ts): the others wait their turn... */
export const IMAGES_AT_ONCE = 1;
/** ...up to this many; beyond, the upload is refused as busy (a 503 with Retry-After) rather than queued. */
export const IMAGES_WAITING = 8;

// The shop itself only reads pictures' headers; the renderer process decodes them. No cache of decoded images.
sharp.cache(false);

/** The upload could not be taken now: too many pictures are being rendered. */
export class ImageWorkBusy extends Error {
  constructor() {
    super('too many images are being rendered');
    this.name = 'ImageWorkBusy';
  }
}

const queue = pLimit(IMAGES_AT_ONCE);

/** Runs image work one picture at a time (IMAGES_AT_ONCE); refuses at once when IMAGES_WAITING already wait. */
export function withImageBudget<T>(work: () => Promise<T>): Promise<T> {
  if (queue.pendingCount >= IMAGES_WAITING) return Promise.reject(new ImageWorkBusy());
  return queue(work);
}
