import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProductImageStore } from './image-store';

/** The public path the server serves the data folder's images under (served by `server/http/pages/media.ts`). */
export const MEDIA_URL_PREFIX = '/media/';

export function createDiskImageStore(dir: string): ProductImageStore {
  const root = path.resolve(dir);
  return {
    async put(key, body) {
      const target = path.join(root, key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file; the name is random, so two uploads of
      // the same picture at once each write their own and the second rename simply replaces the first.
      const partial = `${target}.${randomBytes(8).toString('hex')}.partial`;
      await writeFile(partial, body);
      await rename(partial, target);
    },
    publicUrlOf(key) {
      return `${MEDIA_URL_PREFIX}${key}`;
    },
    async readPrivate(key) {
      // Keys are made by the modules from ids and hashes, never from a request's text.
      const file = path.join(root, key);
      const found = await stat(file).catch(() => undefined);
      if (!found?.isFile()) return undefined;
      return { kind: 'file', body: createReadStream(file), size: found.size };
    },
  };
}
