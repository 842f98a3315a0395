import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { products } from '../../db/schema';
import { catalogueFingerprint } from '../catalogue/queries';
import { sharedFreshRead } from '../catalogue/service';
import { readShopSettings, type ShopSettings } from '../shop-settings/read-shop-settings';

export interface PageVersions {
  catalogue: string;
  settings: string;
}

/**
 * docs/architecture.md#pages-as-html: every page shows the catalogue and, in its footer, the seller's details; one
 * statement a request fingerprints both, so a change made in any process shows in the next page.
 */
const pageVersionsQuery = preparedPerDatabase((db) =>
  db
    .select({
      catalogue: catalogueFingerprint,
      // Written out: drizzle would leave the subquery's columns unqualified.
      settings: sql<string>`(select md5(s::text) from shop_settings s where s.id = 1)`,
    })
    .from(products)
    .prepare('page_versions'),
);

async function selectPageVersions(db: Database): Promise<PageVersions> {
  const [row] = await pageVersionsQuery(db).execute();
  return { catalogue: row?.catalogue ?? '', settings: row?.settings ?? '' };
}

/** The versions, read once for all the requests that arrive while a read runs (sharedFreshRead). */
export function createPageVersions(db: Database) {
  const read = sharedFreshRead(() => selectPageVersions(db));
  let settings: { version: string; row: Promise<ShopSettings> } | undefined;
  return {
    read,
    /** The settings row of a version just read: read again only when the fingerprint changed. */
    settingsAt(version: string): Promise<ShopSettings> {
      if (settings?.version !== version) {
        const row = readShopSettings(db);
        settings = { version, row };
        row.catch(() => {
          if (settings?.row === row) settings = undefined;
        });
      }
      return settings.row;
    },
  };
}
