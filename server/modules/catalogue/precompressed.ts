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
// The same few headers arrive on every request: each is read once, as it came.
const negotiated = new LRUCache<string, ContentEncoding | 'identity'>({ max: 100 });

/** The encoding to send for an Accept-Encoding header; undefined for the bytes as they are. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = negotiator.negotiate(acceptEncoding.toLowerCase().replace(GZIP_ALIASES, 'gzip')) ?? 'identity';
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding === 'identity' ? undefined : encoding;
}

/** One version of bytes served many times between changes (the catalogue's list), with what describes it. */
export interface KeptVersion {
  bytes: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
}

/** A reply made once and sent as it is: its status, its headers (names in lower case) and its body. */
export interface ReadyReply {
  readonly status: 200 | 304;
  readonly headers: Readonly<Record<string, string>>;
  /** Absent on a 304, which has no body (and so no Content-Length or Content-Type). */
  readonly body?: Buffer;
}

type Encoding = ContentEncoding | 'identity';

/**
 * docs/operations.md#catalogue-reply: replies to a version of bytes served many times between changes, each
 * made once per version and encoding (compressed once, @fastify/compress would compress on every reply) with
 * every header of its own in one object, and kept as long as the version is (`describe`'s value, held by its
 * cache). A reply already made is handed back as it is, not as a promise, so a route can send it in the turn
 * the request arrived in, as a bare route does; only the first request for a version and encoding waits.
 */
export function readyReplies<Version extends object>(describe: (version: Version) => KeptVersion) {
  interface Made {
    described: KeptVersion;
    notModified: ReadyReply;
    replies: Partial<Record<Encoding, ReadyReply | Promise<ReadyReply>>>;
  }
  const made = new WeakMap<Version, Made>();

  function madeFor(version: Version): Made {
    let entry = made.get(version);
    if (!entry) {
      const described = describe(version);
      // RFC 9110 15.4.5: a 304 carries the validators and caching headers its 200 would have, no body.
      const notModified: ReadyReply = {
        status: 304,
        headers: { etag: described.etag, 'cache-control': described.cacheControl, vary: 'accept-encoding' },
      };
      entry = { described, notModified, replies: {} };
      made.set(version, entry);
    }
    return entry;
  }

  function replyOf(
    { etag, cacheControl, contentType }: KeptVersion,
    encoding: ContentEncoding | undefined,
    body: Buffer,
  ): ReadyReply {
    return {
      status: 200,
      headers: {
        etag,
        'cache-control': cacheControl,
        vary: 'accept-encoding',
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-type': contentType,
        'content-length': String(body.length),
      },
      body,
    };
  }

  return (
    version: Version,
    request: { acceptEncoding: string | undefined; ifNoneMatch: string | undefined },
  ): ReadyReply | Promise<ReadyReply> => {
    const entry = madeFor(version);
    if (request.ifNoneMatch === entry.described.etag) return entry.notModified;
    const encoding = preferredEncoding(request.acceptEncoding);
    const kept = entry.replies[encoding ?? 'identity'];
    if (kept) return kept;
    if (!encoding) {
      const ready = replyOf(entry.described, undefined, entry.described.bytes);
      entry.replies.identity = ready;
      return ready;
    }
    const making = compressors[encoding](entry.described.bytes).then(
      (body) => {
        const ready = replyOf(entry.described, encoding, body);
        entry.replies[encoding] = ready;
        return ready;
      },
      (error: unknown) => {
        // The next request tries again.
        if (entry.replies[encoding] === making) delete entry.replies[encoding];
        throw error;
      },
    );
    entry.replies[encoding] = making;
    return making;
  };
}

/**
 * What a promise kept by a cache (one per version) resolved to, once it has, so the value can be used in the
 * same turn; a promise never seen settle answers undefined and is waited for as usual.
 */
export function settledValues<T>() {
  const settled = new WeakMap<Promise<T>, T>();
  return {
    get: (promise: Promise<T>): T | undefined => settled.get(promise),
    wait: (promise: Promise<T>): Promise<T> =>
      promise.then((value) => {
        settled.set(promise, value);
        return value;
      }),
  };
}
