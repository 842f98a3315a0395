import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { staff } from './staff';

/**
 * The shop's own settings that the owner edits in the console: one row (id 1). The seller's details print on
 * every tax invoice (docs/product.md#gst-invoices); an invoice copies them when it is issued, so a change
 * here reaches only later invoices. Dispatch days feed the delivery promise (docs/product.md#delivery-promise).
 * The customer-care contact and the grievance officer are shown on every policy page and in the footer
 * (docs/product.md#seller-and-grievance-officer); empty until the owner fills them in.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    pincode: text('pincode').notNull().default(''),
    /** GST state code, two digits ("07" Delhi); must equal the GSTIN's first two digits. */
    stateCode: text('state_code').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
    creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
    signatureLine: text('signature_line').notNull().default('Authorised signatory'),
    /** Days (calendar days, as the delivery promise counts them) between payment and handing the parcel to the courier. */
    dispatchDays: integer('dispatch_days').notNull().default(2),
    careEmail: text('care_email').notNull().default(''),
    /** As shown: "+91 98450 12345", "+91 80 2345 6789", "1800 123 4567" (contracts/seller-phone.ts). */
    carePhone: text('care_phone').notNull().default(''),
    grievanceOfficerName: text('grievance_officer_name').notNull().default(''),
    grievanceOfficerDesignation: text('grievance_officer_designation').notNull().default(''),
    grievanceOfficerEmail: text('grievance_officer_email').notNull().default(''),
    grievanceOfficerPhone: text('grievance_officer_phone').notNull().default(''),
    updatedByStaffId: uuid('updated_by_staff_id').references(() => staff.id),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('shop_settings_single_row', sql`${table.id} = 1`),
    check('shop_settings_dispatch_days_range', sql`${table.dispatchDays} between 0 and 30`),
  ],
);
