import { messages } from '../../../contracts/messages';
import { AppError } from '../../errors';
import { ImageWorkBusy } from './image-budget';
import { ImageRefused } from './render-product-image';

/** A shopper's photo's words for each way the renderer refuses it (a return's, a review's). */
export interface PhotoRefusalWords {
  tooManyPixels: string;
  tooSlow: string;
  notAnImage: string;
}

/**
 * The renderer's refusal of a shopper's photo as the reply that says why, in the caller's words; the image work
 * being full is a 503 with the shop's own words. Any other error is passed on as it is.
 */
export function photoRefusal(error: unknown, words: PhotoRefusalWords): unknown {
  if (error instanceof ImageWorkBusy) return new AppError('unavailable', messages.imagesBusy);
  if (!(error instanceof ImageRefused)) return error;
  switch (error.reason) {
    case 'too_many_pixels':
      return new AppError('too_large', words.tooManyPixels);
    case 'too_slow':
      return new AppError('too_large', words.tooSlow);
    default:
      return new AppError('invalid', words.notAnImage);
  }
}
