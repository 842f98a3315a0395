import { createHash } from 'node:crypto';
import type { CashOnDeliveryTerms } from '../../../contracts/public-config';
import type { CatalogueVersions } from '../../db/change-events';
import type { Database } from '../../db/client';
import { keptPerVersion } from '../catalogue/service';
import { readCodRules } from '../cod/cod-settings';
import { cashOnDeliveryTermsOf } from '../cod/cod-terms';
import { readReturnSettings } from '../returns/return-records';
import { readShopSettings, type ShopSettings } from '../shop-settings/read-shop-settings';

/** The owner's settings the rendered pages state: the seller (footer, policies), returns and cash on delivery. */
export interface PageFacts {
  settings: ShopSettings;
  returnWindowDays: number;
  cashOnDelivery: CashOnDeliveryTerms;
}

export interface VersionedPageFacts {
  facts: PageFacts;
  /** A hash of them: the same facts read again (a notification that changed nothing) are the same version. */
  version: string;
}

export async function readPageFacts(db: Database): Promise<PageFacts> {
  const [settings, returns, cod] = await Promise.all([
    readShopSettings(db),
    readReturnSettings(db),
    readCodRules(db),
  ]);
  return { settings, returnWindowDays: returns.windowDays, cashOnDelivery: cashOnDeliveryTermsOf(cod) };
}

/**
 * docs/architecture.md#pages-as-html: the facts are read again only after the database said one of their
 * tables changed (the shop, return and COD settings all notify as `shop_settings`:
 * docs/operations.md#catalogue-cache), and the version is their hash, so a change of any of them renders the
 * pages again and nothing else does.
 */
export function createPageFactsCache(
  db: Database,
  versions: CatalogueVersions,
): () => Promise<VersionedPageFacts> {
  return keptPerVersion(
    () => versions.of('shop_settings'),
    async () => {
      const facts = await readPageFacts(db);
      return { facts, version: createHash('sha1').update(JSON.stringify(facts)).digest('base64url') };
    },
  );
}
