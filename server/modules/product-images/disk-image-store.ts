import { mkdir, rename, writeFile } from 'node:fs/promises';
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
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${target}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, target);
    },
    publicUrlOf(key) {
      return `${MEDIA_URL_PREFIX}${key}`;
    },
  };
}
