import { createHash } from 'node:crypto';
import type { CatalogueVersions } from '../../db/change-events';
import type { Database } from '../../db/client';
import { keptPerVersion } from '../catalogue/service';
import { readShopSettings, type ShopSettings } from './read-shop-settings';

export interface VersionedSettings {
  settings: ShopSettings;
  /** A hash of the row: the same row read again (a notification that changed nothing) is the same version. */
  version: string;
}

/**
 * docs/architecture.md#pages-as-html: every page shows the catalogue and, in its footer, the seller's details.
 * The settings row is read again only after the database said it changed (docs/operations.md#catalogue-cache),
 * so a change made in any process shows in the next page, with no query on the requests in between.
 */
export function createShopSettingsCache(
  db: Database,
  versions: CatalogueVersions,
): () => Promise<VersionedSettings> {
  return keptPerVersion(
    () => versions.of('shop_settings'),
    async () => {
      const settings = await readShopSettings(db);
      return { settings, version: createHash('sha1').update(JSON.stringify(settings)).digest('base64url') };
    },
  );
}
