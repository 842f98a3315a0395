import { z } from 'zod';

// docs/product.md#gst-invoices: an order's tax invoice and credit notes, as links to their PDFs.

export const TaxDocumentLinkSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  totalPaise: z.number().int(),
  url: z.string(),
});
export type TaxDocumentLink = z.infer<typeof TaxDocumentLinkSchema>;

export const OrderTaxDocumentsSchema = z.object({
  invoice: TaxDocumentLinkSchema.nullable(),
  creditNotes: z.array(TaxDocumentLinkSchema),
});
export type OrderTaxDocuments = z.infer<typeof OrderTaxDocumentsSchema>;

export const Gstr1QuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Choose a month as YYYY-MM.' }),
});

export const invoiceMessages = {
  invoiceNotFound: 'This order has no invoice yet.',
  creditNoteNotFound: 'We could not find that credit note.',
} as const;
