import { missingSellerDetails } from '../../../contracts/missing-seller-details';
import type { Database } from '../../db/client';
import { readShopSettings } from './read-shop-settings';

/**
 * docs/operations.md#seller-details: the line a shop logs at start while its settings lack what the law asks
 * its pages and invoices to show, so whoever starts it knows before the first sale. Undefined once all is there.
 */
export async function missingSellerDetailsHint(db: Database): Promise<string | undefined> {
  const missing = missingSellerDetails(await readShopSettings(db));
  if (missing.length === 0) return undefined;
  return (
    `Fill in your seller details before the first sale (console, Settings): still missing ${missing.join('; ')}. ` +
    'The shop’s pages leave them out and its invoices print without them until then.'
  );
}
