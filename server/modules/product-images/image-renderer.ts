import { setPriority } from 'node:os';
import sharp from 'sharp';

// docs/architecture.md#upload-budget: the process that renders uploaded pictures, started by the shop
// (image-renderer-client.ts) at the lowest CPU priority, so the kernel runs the shop's requests first and a
// photo being rendered never makes a page wait. It imports nothing of the shop: Node runs this file as it is
// in development and tests, and the build compiles it to dist/server/image-renderer.js.

export interface RenderRequest {
  id: number;
  /** The upload's temporary file, or its bytes. */
  source: string | Uint8Array;
  widths: readonly number[];
  formats: readonly ('avif' | 'webp')[];
  maxInputPixels: number;
  timeoutSeconds: number;
}

export type RenderReply =
  | { id: number; variants: { width: number; format: 'avif' | 'webp'; body: Uint8Array }[] }
  | { id: number; refused: 'not_an_image' | 'too_slow' };

const WEBP_QUALITY = 80;
// Quality 50 looks like WebP's 80 at about half the bytes; effort 4 of 9 keeps an upload within a second or so.
const AVIF_OPTIONS = { quality: 50, effort: 4 } as const;

async function render(request: RenderRequest): Promise<RenderReply> {
  const timeout = { seconds: request.timeoutSeconds };
  const source = typeof request.source === 'string' ? request.source : Buffer.from(request.source);
  // Decoded once, upright from its EXIF orientation and at most the largest width: a JPEG is shrunk while it
  // is decoded (libjpeg's scaling), so a 12-megapixel photo is never held whole.
  const { data, info } = await sharp(source, { limitInputPixels: request.maxInputPixels })
    .rotate()
    .resize({ width: Math.max(...request.widths), withoutEnlargement: true })
    .timeout(timeout)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const variants = [];
  // One after another: one picture's work at a time, its encodes included.
  for (const width of request.widths) {
    for (const format of request.formats) {
      // Raw pixels carry no metadata, so nothing of the upload's EXIF reaches the file.
      const resized = sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      })
        .resize({ width, withoutEnlargement: true })
        .timeout(timeout);
      const body = await (format === 'avif'
        ? resized.avif(AVIF_OPTIONS)
        : resized.webp({ quality: WEBP_QUALITY })
      ).toBuffer();
      variants.push({ width, format, body });
    }
  }
  return { id: request.id, variants };
}

const isTimeout = (error: unknown) => error instanceof Error && /timeout/i.test(error.message);

function serve() {
  setPriority(19);
  // One libvips thread: with the shop's event loop on the other core, a 2-core machine keeps serving pages.
  sharp.concurrency(1);
  // sharp's cache of decoded images helps a server that renders the same file again; uploads never do.
  sharp.cache(false);
  process.on('message', (request: RenderRequest) => {
    render(request)
      .catch(
        (error: unknown): RenderReply => ({
          id: request.id,
          refused: isTimeout(error) ? 'too_slow' : 'not_an_image',
        }),
      )
      .then((reply) => process.send?.(reply));
  });
  // The shop went away (even killed): nothing is left to render for.
  process.on('disconnect', () => process.exit(0));
}

if (process.send) serve();
