import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { prepaidOfferKinds } from '../../../contracts/prepaid-offer-rules';
import { updatedAt } from './columns';
import { staff } from './staff';

/**
 * docs/product.md#prepaid-offer: the owner's discount for paying online, one row (id 1) written on the first
 * save; a shop that never saved it offers none.
 */
export const prepaidOfferSettings = pgTable(
  'prepaid_offer_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    kind: text('kind', { enum: prepaidOfferKinds }).notNull().default('percent'),
    percentOff: integer('percent_off'),
    maxDiscountPaise: integer('max_discount_paise'),
    amountOffPaise: integer('amount_off_paise'),
    updatedByStaffId: uuid('updated_by_staff_id').references(() => staff.id),
    updatedAt: updatedAt(),
  },
  (table) => [check('prepaid_offer_settings_single_row', sql`${table.id} = 1`)],
);
