import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { RETURN_PHOTO_WIDTHS } from '../../contracts/returns';
import type { PrivateImage } from '../modules/product-images/image-store';

/** `:width` of a return photo's routes: one of the two files it has. */
export const ReturnPhotoWidthSchema = z.coerce
  .number()
  .refine((width) => (RETURN_PHOTO_WIDTHS as readonly number[]).includes(width))
  .transform((width) => width as (typeof RETURN_PHOTO_WIDTHS)[number]);

export const privateImageReply = { 200: z.unknown().describe('image/webp, or 302 to a signed URL') };

/**
 * docs/architecture.md#return-photos: the file itself from the data folder, or a redirect to the bucket's
 * short-lived signed URL. Only the reader's own browser may keep it.
 */
export function sendPrivateImage(reply: FastifyReply, image: PrivateImage) {
  if (image.kind === 'redirect') {
    return reply.header('cache-control', 'private, no-store').redirect(image.url, 302);
  }
  return reply
    .header('content-type', 'image/webp')
    .header('content-length', image.size)
    .header('cache-control', 'private, max-age=3600')
    .send(image.body);
}
