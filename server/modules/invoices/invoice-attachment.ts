import type { Database } from '../../db/client';
import { renderDocumentPdf } from './invoice-pdf';
import { invoiceOfOrder } from './issue-documents';

/** A document number as a file name: "INV/2627/000001" is "INV-2627-000001.pdf". */
export function pdfFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** docs/product.md#gst-invoices: the order-confirmed e-mail carries the tax invoice as a PDF. */
export async function invoiceAttachmentOf(db: Database, orderId: string) {
  const invoice = await invoiceOfOrder(db, orderId);
  if (!invoice) return undefined;
  return {
    filename: pdfFileName(invoice.number),
    content: await renderDocumentPdf({ kind: 'invoice', document: invoice }),
    contentType: 'application/pdf',
  };
}
