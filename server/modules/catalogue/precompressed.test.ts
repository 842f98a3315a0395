import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding, type ReadyReply, readyReplies, settledValues } from './precompressed';

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
  ])('reads %j as %j, the same the second time', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
    expect(preferredEncoding(header)).toBe(encoding);
  });
});

describe('readyReplies', () => {
  const version = (text: string) => ({ bytes: Buffer.from(text.repeat(50)), etag: `"${text}"` });
  const made = () => {
    let described = 0;
    const replies = readyReplies((kept: ReturnType<typeof version>) => {
      described += 1;
      return { ...kept, contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache' };
    });
    return { replies, described: () => described };
  };
  const asked = (acceptEncoding?: string, ifNoneMatch?: string) => ({ acceptEncoding, ifNoneMatch });

  it('hands the uncompressed reply back at once, the same object every time', () => {
    const { replies, described } = made();
    const one = version('{"a":1}');
    const first = replies(one, asked());
    expect(first).not.toBeInstanceOf(Promise);
    expect(replies(one, asked())).toBe(first);
    expect(first).toEqual({
      status: 200,
      headers: {
        etag: '"{"a":1}"',
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(one.bytes.length),
      },
      body: one.bytes,
    });
    expect(described()).toBe(1);
  });

  it('compresses once per version and encoding, then hands the reply back at once', async () => {
    const { replies } = made();
    const one = version('{"b":2}');
    const first = replies(one, asked('gzip'));
    expect(first).toBeInstanceOf(Promise);
    expect(replies(one, asked('gzip'))).toBe(first);
    const ready = await first;
    expect(replies(one, asked('gzip'))).toBe(ready);
    expect(ready.headers['content-encoding']).toBe('gzip');
    expect(ready.headers['content-length']).toBe(String(ready.body?.length));
    expect(gunzipSync(ready.body ?? Buffer.alloc(0)).equals(one.bytes)).toBe(true);
    const other = version('{"b":3}');
    expect(replies(other, asked('gzip'))).toBeInstanceOf(Promise);
  });

  it('answers a matching validator with a 304 of the caching headers only', () => {
    const { replies } = made();
    const one = version('{"c":3}');
    const notModified = replies(one, asked('gzip', '"{"c":3}"')) as ReadyReply;
    expect(notModified).toEqual({
      status: 304,
      headers: { etag: '"{"c":3}"', 'cache-control': 'no-cache', vary: 'accept-encoding' },
    });
    expect((replies(one, asked(undefined, '"older"')) as ReadyReply).status).toBe(200);
  });
});

describe('settledValues', () => {
  it('knows a promise’s value only once it has been waited for, and only for that promise', async () => {
    const values = settledValues<string>();
    const kept = Promise.resolve('list');
    expect(values.get(kept)).toBeUndefined();
    await expect(values.wait(kept)).resolves.toBe('list');
    expect(values.get(kept)).toBe('list');
    expect(values.get(Promise.resolve('list'))).toBeUndefined();
  });
});
