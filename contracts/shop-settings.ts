import { z } from 'zod';
import { gstinProblem, isValidGstin } from './gstin';
import { indianStates, stateByCode } from './india-states';
import { formatSellerPhone, sellerPhoneMessage } from './seller-phone';

// docs/product.md#seller-settings: the seller's details printed on tax invoices and credit notes, the dispatch
// days of the delivery promise, and the customer-care contact and grievance officer that every policy page and
// the footer show (docs/product.md#seller-and-grievance-officer), as the owner edits them in the console.

/** docs/product.md#seller-settings: an invoice number is prefix, financial year and a 6-digit sequence in 16 characters. */
export const MAX_DOCUMENT_PREFIX_LENGTH = 4;
export const MAX_DISPATCH_DAYS = 30;

export const shopSettingsMessages = {
  legalNameRequired: 'Please give the seller’s legal name, as registered for GST.',
  addressRequired: 'Please give the first line of the seller’s address.',
  cityRequired: 'Please give the seller’s city.',
  pincodeFormat: 'Please enter a 6-digit pincode.',
  stateRequired: 'Please choose the seller’s state.',
  stateMismatch: (code: string, name: string) =>
    `The state must match the GSTIN’s first two digits (${code} is ${name}).`,
  prefixFormat: `Please give a prefix of 1 to ${MAX_DOCUMENT_PREFIX_LENGTH} capital letters, digits or -.`,
  prefixesEqual: 'Credit notes need a prefix of their own, different from the invoices’.',
  signatureRequired: 'Please give the signature line, e.g. Authorised signatory.',
  dispatchDaysRange: `Please give the dispatch time as a whole number of days from 0 to ${MAX_DISPATCH_DAYS}.`,
  careEmailFormat: 'Please enter a valid e-mail address for customer care.',
  phoneFormat: sellerPhoneMessage,
  officerNameRequired: 'Please give the grievance officer’s name.',
  officerDesignationRequired: 'Please give the grievance officer’s designation, e.g. Customer Care Manager.',
  officerEmailRequired: 'Please give the grievance officer’s e-mail address.',
  officerEmailFormat: 'Please enter a valid e-mail address for the grievance officer.',
  officerPhoneRequired: 'Please give the grievance officer’s phone number.',
  textTooLong: 'Please keep this to 100 characters.',
  saved: 'Settings saved. Invoices and credit notes issued from now on use them.',
} as const;

const stateCodes = indianStates.map((state) => state.code) as [string, ...string[]];
/** The contact fields may stay empty until the owner fills them in (a body without one empties it). */
const optionalText = z.string().trim().max(100, shopSettingsMessages.textTooLong).default('');
const emailShape = z.email();
const optionalEmail = (message: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, message)
    .refine((email) => email === '' || emailShape.safeParse(email).success, message)
    .default('');
const optionalPhone = z
  .string()
  .trim()
  .transform((phone, context) => {
    if (phone === '') return '';
    const formatted = formatSellerPhone(phone);
    // continue: the checks across fields (a half-named officer) still run and are shown at once.
    if (formatted === undefined) {
      context.addIssue({ code: 'custom', message: sellerPhoneMessage, continue: true });
    }
    return formatted ?? phone;
  })
  .default('');

/** The grievance officer is named whole or not at all: each empty field of a half-filled one is refused. */
const officerFields = [
  ['grievanceOfficerName', shopSettingsMessages.officerNameRequired],
  ['grievanceOfficerDesignation', shopSettingsMessages.officerDesignationRequired],
  ['grievanceOfficerEmail', shopSettingsMessages.officerEmailRequired],
  ['grievanceOfficerPhone', shopSettingsMessages.officerPhoneRequired],
] as const;
const required = (message: string, max: number) => z.string().trim().min(1, message).max(max, message);
const prefix = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9-]{1,${MAX_DOCUMENT_PREFIX_LENGTH}}$`), shopSettingsMessages.prefixFormat);

export const ShopSettingsBodySchema = z
  .object({
    legalName: required(shopSettingsMessages.legalNameRequired, 200),
    addressLine1: required(shopSettingsMessages.addressRequired, 200),
    addressLine2: z.string().trim().max(200),
    city: required(shopSettingsMessages.cityRequired, 100),
    pincode: z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{5}$/, shopSettingsMessages.pincodeFormat),
    stateCode: z.enum(stateCodes, { message: shopSettingsMessages.stateRequired }),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .superRefine((gstin, context) => {
        const problem = gstinProblem(gstin);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    invoicePrefix: prefix,
    creditNotePrefix: prefix,
    signatureLine: required(shopSettingsMessages.signatureRequired, 100),
    dispatchDays: z
      .number({ message: shopSettingsMessages.dispatchDaysRange })
      .int(shopSettingsMessages.dispatchDaysRange)
      .min(0, shopSettingsMessages.dispatchDaysRange)
      .max(MAX_DISPATCH_DAYS, shopSettingsMessages.dispatchDaysRange),
    careEmail: optionalEmail(shopSettingsMessages.careEmailFormat),
    carePhone: optionalPhone,
    grievanceOfficerName: optionalText,
    grievanceOfficerDesignation: optionalText,
    grievanceOfficerEmail: optionalEmail(shopSettingsMessages.officerEmailFormat),
    grievanceOfficerPhone: optionalPhone,
  })
  .strict()
  .superRefine((body, context) => {
    const officerNamed = officerFields.some(([field]) => body[field] !== '');
    for (const [field, message] of officerFields) {
      if (officerNamed && body[field] === '') context.addIssue({ code: 'custom', path: [field], message });
    }
    const gstinState = isValidGstin(body.gstin) ? stateByCode(body.gstin.slice(0, 2)) : undefined;
    if (gstinState && body.stateCode !== gstinState.code) {
      context.addIssue({
        code: 'custom',
        path: ['stateCode'],
        message: shopSettingsMessages.stateMismatch(gstinState.code, gstinState.name),
      });
    }
    if (body.invoicePrefix && body.invoicePrefix === body.creditNotePrefix) {
      context.addIssue({
        code: 'custom',
        path: ['creditNotePrefix'],
        message: shopSettingsMessages.prefixesEqual,
      });
    }
  });

export type ShopSettingsBody = z.infer<typeof ShopSettingsBodySchema>;
export type ShopSettingsInput = z.input<typeof ShopSettingsBodySchema>;

export const ShopSettingsSchema = z
  .object({
    legalName: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    pincode: z.string(),
    stateCode: z.string().describe('GST state code, two digits; empty until the owner first saves'),
    gstin: z.string(),
    invoicePrefix: z.string(),
    creditNotePrefix: z.string(),
    signatureLine: z.string(),
    dispatchDays: z.number().int(),
    careEmail: z.string().describe('Customer care’s e-mail; empty until the owner fills it in'),
    carePhone: z.string().describe('Customer care’s phone, as shown; empty until the owner fills it in'),
    grievanceOfficerName: z.string(),
    grievanceOfficerDesignation: z.string(),
    grievanceOfficerEmail: z.string(),
    grievanceOfficerPhone: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable().describe('The name of the member of staff who last saved them'),
  })
  .meta({ id: 'ShopSettings' });

export type ShopSettings = z.infer<typeof ShopSettingsSchema>;

export const ShopSettingsReplySchema = z.object({
  message: z.string().optional(),
  settings: ShopSettingsSchema,
});

export type ShopSettingsReply = z.infer<typeof ShopSettingsReplySchema>;
