import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

export type ContentEncoding = 'br' | 'gzip';

const compressors: Record<ContentEncoding, (bytes: Buffer) => Promise<Buffer>> = {
  // Once per version of the bytes, not per reply: the smallest output is worth the CPU.
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: constants.Z_BEST_COMPRESSION }),
};

// Browsers send a handful of distinct headers; the bound keeps made-up ones from growing the cache.
const negotiator = new Negotiator<ContentEncoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
  cache: new LRUCache<string, string>({ max: 100 }),
});
// Read as @fastify/compress reads it for the other replies: "*" and "x-gzip" mean gzip.
const GZIP_ALIASES = /\*|x-gzip/g;

/** The encoding to send for an Accept-Encoding header; undefined for the bytes as they are. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const encoding = negotiator.negotiate(acceptEncoding.toLowerCase().replace(GZIP_ALIASES, 'gzip'));
  return encoding === 'identity' || encoding === null ? undefined : encoding;
}

/**
 * Bytes served many times between changes (the catalogue's list), compressed once per encoding and kept as
 * long as the bytes are: @fastify/compress would compress them again on every reply.
 */
export function precompressed() {
  const kept = new WeakMap<Buffer, Partial<Record<ContentEncoding, Promise<Buffer>>>>();
  return (bytes: Buffer, encoding: ContentEncoding): Promise<Buffer> => {
    let encodings = kept.get(bytes);
    if (!encodings) {
      encodings = {};
      kept.set(bytes, encodings);
    }
    let compressed = encodings[encoding];
    if (!compressed) {
      const started = compressors[encoding](bytes);
      encodings[encoding] = started;
      const forgetOnFailure = encodings;
      started.catch(() => {
        if (forgetOnFailure[encoding] === started) delete forgetOnFailure[encoding];
      });
      compressed = started;
    }
    return compressed;
  };
}
