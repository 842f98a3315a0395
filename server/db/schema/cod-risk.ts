import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { codAdvanceKinds, codAdvanceScopes, codRiskRules } from '../../../contracts/cod-risk-rules';
import { users } from './accounts';
import { updatedAt } from './columns';
import { staff } from './staff';

/**
 * docs/product.md#cod-risk-rules: the owner's COD risk rules, one row (id 1) written on the first save; until then
 * the safe defaults apply (the columns' defaults).
 */
export const codRiskSettings = pgTable(
  'cod_risk_settings',
  {
    id: integer('id').primaryKey().default(1),
    firstOrderLimitEnabled: boolean('first_order_limit_enabled').notNull().default(true),
    firstOrderLimitPaise: integer('first_order_limit_paise').notNull().default(150_000),
    pincodeRtoEnabled: boolean('pincode_rto_enabled').notNull().default(true),
    pincodeRtoWindow: integer('pincode_rto_window').notNull().default(20),
    pincodeRtoMinSample: integer('pincode_rto_min_sample').notNull().default(10),
    pincodeRtoThresholdPercent: integer('pincode_rto_threshold_percent').notNull().default(40),
    // docs/product.md#part-paid-cod: which COD orders pay an advance online, and how much.
    advanceFor: text('advance_for', { enum: codAdvanceScopes }).notNull().default('risky'),
    advanceKind: text('advance_kind', { enum: codAdvanceKinds }).notNull().default('fixed'),
    advanceFixedPaise: integer('advance_fixed_paise').notNull().default(9_900),
    updatedByStaffId: uuid('updated_by_staff_id').references(() => staff.id),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('cod_risk_settings_single_row', sql`${table.id} = 1`),
    check('cod_risk_settings_sample', sql`${table.pincodeRtoMinSample} <= ${table.pincodeRtoWindow}`),
  ],
);

/**
 * docs/product.md#cod-risk-rules: which risk rule refused COD to whom, one row a shopper, rule and IST day (a
 * repeat adds to `checks`), at most MAX_COD_RISK_REFUSALS_PER_DAY rows a day and kept 90 days: bounded whatever
 * a shopper does. Goes with the shopper's account.
 */
export const codRiskRefusals = pgTable(
  'cod_risk_refusals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    rule: text('rule', { enum: codRiskRules }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pincode: text('pincode').notNull(),
    orderPaise: integer('order_paise').notNull(),
    checks: integer('checks').notNull().default(1),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.rule, table.userId] }),
    index('cod_risk_refusals_last_idx').on(table.lastAt),
  ],
);
