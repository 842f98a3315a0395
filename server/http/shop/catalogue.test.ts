import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListReply } from '../../../contracts/catalogue';
import { products } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

// docs/operations.md#catalogue-reply: the list's replies are made once per version and encoding, headers and
// all; what a shopper's browser receives is what it received when each reply was put together per request.

/** The headers of a list reply before they were kept whole, in the order they were sent. */
const LIST_HEADERS = [
  'x-request-id',
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'etag',
  'cache-control',
  'vary',
  'content-type',
  'content-length',
  'date',
  'connection',
];
const API_SECURITY = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

describe('GET /api/products, kept whole per version', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ jobWorkers: false });
  });
  afterAll(() => app.closeAndDrop());

  const list = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/api/products', headers });

  it('sends the headers it always sent, each request its own request id', async () => {
    const first = await list();
    const second = await list();
    expect(Object.keys(first.headers)).toEqual(LIST_HEADERS);
    expect(first.headers).toMatchObject({
      ...API_SECURITY,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(first.rawPayload.length),
    });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it.each([
    ['gzip', 'gzip', gunzipSync],
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
  ] as const)('sends %s with Content-Encoding beside the same headers', async (encoding, accept, unpack) => {
    const plain = await list();
    for (let request = 0; request < 2; request += 1) {
      const compressed = await list({ 'accept-encoding': accept });
      expect(Object.keys(compressed.headers)).toEqual([
        ...LIST_HEADERS.slice(0, LIST_HEADERS.indexOf('vary') + 1),
        'content-encoding',
        ...LIST_HEADERS.slice(LIST_HEADERS.indexOf('vary') + 1),
      ]);
      expect(compressed.headers).toMatchObject({
        ...API_SECURITY,
        etag: plain.headers.etag,
        'content-encoding': encoding,
        'content-length': String(compressed.rawPayload.length),
      });
      expect(unpack(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('answers a matching If-None-Match with a bare 304: validators and caching headers, no body or length', async () => {
    const { etag } = (await list()).headers;
    for (const accept of ['', 'gzip']) {
      const notModified = await list({ 'if-none-match': String(etag), 'accept-encoding': accept });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.rawPayload).toHaveLength(0);
      expect(notModified.headers).toMatchObject({
        ...API_SECURITY,
        etag,
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
      });
      expect(notModified.headers['content-length']).toBeUndefined();
      expect(notModified.headers['content-type']).toBeUndefined();
    }
    expect((await list({ 'if-none-match': '"another"' })).statusCode).toBe(200);
  });

  it('sends the changed list on the next request, in every encoding already kept', async () => {
    const before = await list();
    await list({ 'accept-encoding': 'gzip' });
    await app.db.update(products).set({ discountPercent: 50 }).where(eq(products.id, 2));
    try {
      const plain = await list({ 'if-none-match': String(before.headers.etag) });
      const gzipped = await list({ 'accept-encoding': 'gzip' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers.etag).not.toBe(before.headers.etag);
      expect(gzipped.headers.etag).toBe(plain.headers.etag);
      for (const body of [plain.rawPayload, gunzipSync(gzipped.rawPayload)]) {
        const mitt = (JSON.parse(body.toString()) as ProductListReply).products.find(
          (product) => product.id === 2,
        );
        expect(mitt?.discount).toBe(50);
      }
    } finally {
      await app.db.update(products).set({ discountPercent: 40 }).where(eq(products.id, 2));
    }
  });
});
