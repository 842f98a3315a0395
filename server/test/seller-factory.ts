import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { shopSettings } from '../db/schema';

// Free of any test runner, so Vitest's tests and Playwright's fixtures both use it.

/**
 * A made-up seller in Delhi (its GSTIN has a valid check character) for the tests of what an invoice prints:
 * a shop starts with empty seller details (docs/operations.md#seller-details), so a test that needs them
 * says so with this.
 */
export const sampleSeller = {
  legalName: 'Ottoman Mittens Private Limited',
  addressLine1: '14 Hauz Khas Village',
  addressLine2: 'Near Deer Park',
  city: 'New Delhi',
  pincode: '110016',
  stateCode: '07',
  gstin: '07AAFCO1234K1ZI',
} as const;

/** Customer care's phone, which a reverse pickup gives the courier for the seller's end. */
export const sampleCarePhone = '+91 98100 45210';

/**
 * Writes the sample seller into the settings row, as an owner's save would (the contact fields untouched unless
 * given: a return's pickup needs customer care's phone).
 */
export async function useSampleSeller(
  app: { db: Database },
  contact: { carePhone?: string } = {},
): Promise<void> {
  await app.db
    .update(shopSettings)
    .set({ ...sampleSeller, ...contact })
    .where(eq(shopSettings.id, 1));
}
