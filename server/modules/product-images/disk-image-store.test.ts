import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskImageStore } from './disk-image-store';

const dir = await mkdtemp(path.join(tmpdir(), 'mitten-media-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the data folder image store', () => {
  it('stores the same file written twice at once (each write has a temporary file of its own)', async () => {
    const store = createDiskImageStore(dir);
    const body = Buffer.alloc(256 * 1024, 7);
    const key = 'returns/0f0e0d0c-0000-4000-8000-000000000000/0123456789abcdef-800.webp';
    await Promise.all(Array.from({ length: 4 }, () => store.put(key, body, 'image/webp', 'private')));
    expect((await readFile(path.join(dir, key))).equals(body)).toBe(true);
    expect(await readdir(path.dirname(path.join(dir, key)))).toEqual(['0123456789abcdef-800.webp']);
    const read = await store.readPrivate(key);
    expect(read).toMatchObject({ kind: 'file', size: body.length });
    if (read?.kind === 'file') read.body.destroy();
    expect(await store.readPrivate('returns/none/0123456789abcdef-800.webp')).toBeUndefined();
  });
});
