import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { DocumentLine } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';
import { amountInWords } from './gst-arithmetic';
import type { CreditNoteRow, InvoiceRow } from './issue-documents';

// DejaVu Sans has the rupee sign (U+20B9); pdfkit embeds the subset used, so the text stays selectable.
const resolve = createRequire(import.meta.url).resolve;
const REGULAR = resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const money = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});
const rupees = (paise: number) => money.format(paise / 100);
const percent = (basisPoints: number) => `${basisPoints / 100}%`;
const indiaDate = (at: Date) =>
  at.toLocaleDateString('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

export type PrintableDocument =
  | { kind: 'invoice'; document: InvoiceRow }
  | { kind: 'credit_note'; document: CreditNoteRow; invoiceNumber: string };

const columns = [
  { title: 'Description', width: 130 },
  { title: 'HSN/SAC', width: 52 },
  { title: 'Qty', width: 26 },
  { title: 'Unit price', width: 62 },
  { title: 'Discount', width: 55 },
  { title: 'Taxable', width: 62 },
  { title: 'Tax', width: 88 },
  { title: 'Total', width: 60 },
] as const;

function taxCell(line: DocumentLine): string {
  if (line.igstPaise > 0 || line.cgstPaise === 0)
    return `IGST ${percent(line.rateBasisPoints)} ${rupees(line.igstPaise)}`;
  const half = percent(line.rateBasisPoints / 2);
  return `CGST ${half} ${rupees(line.cgstPaise)}\nSGST ${half} ${rupees(line.sgstPaise)}`;
}

function row(doc: PDFKit.PDFDocument, cells: readonly string[], font: string): void {
  const top = doc.y;
  let x = doc.page.margins.left;
  let bottom = top;
  doc.font(font).fontSize(8);
  cells.forEach((cell, index) => {
    const width = columns[index]?.width ?? 50;
    doc.text(cell, x, top, { width: width - 4 });
    bottom = Math.max(bottom, doc.y);
    x += width;
  });
  doc.x = doc.page.margins.left;
  doc.y = bottom + 4;
}

/** The invoice or credit note as a PDF (docs/product.md#gst-invoices): A4, fonts embedded. */
export function renderDocumentPdf(printable: PrintableDocument): Promise<Buffer> {
  const { document } = printable;
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: document.number } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    doc.on('end', () => resolvePdf(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { seller, buyer } = document;
  doc
    .font('bold')
    .fontSize(16)
    .text(printable.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note');
  doc.font('regular').fontSize(9);
  doc.text(`${printable.kind === 'invoice' ? 'Invoice' : 'Credit note'} number: ${document.number}`);
  doc.text(`Date: ${indiaDate(document.issuedAt)}`);
  // The number the shopper and the console know the order by, so either can be matched to the other.
  doc.text(`Order number: ${orderNumberOf(document.orderId)}`);
  if (printable.kind === 'credit_note') {
    doc.text(`Against invoice: ${printable.invoiceNumber}`);
    if (printable.document.reason) doc.text(`Reason: ${printable.document.reason}`);
  }
  doc.moveDown(0.5);

  doc.font('bold').text(seller.legalName || 'Seller details not set');
  doc.font('regular');
  for (const line of seller.address) doc.text(line);
  doc.text(`State: ${seller.stateName} (${seller.stateCode})`);
  doc.text(`GSTIN: ${seller.gstin}`);
  doc.moveDown(0.5);

  const blockTop = doc.y;
  const half = (doc.page.width - doc.page.margins.left - doc.page.margins.right) / 2;
  doc.font('bold').text('Billed to', doc.page.margins.left, blockTop, { width: half - 10 });
  doc.font('regular');
  for (const line of buyer.billingAddress) doc.text(line, { width: half - 10 });
  doc.text(buyer.email || buyer.phone, { width: half - 10 });
  const billedBottom = doc.y;
  doc.font('bold').text('Shipped to', doc.page.margins.left + half, blockTop, { width: half });
  doc.font('regular');
  for (const line of buyer.shippingAddress) doc.text(line, { width: half });
  doc.x = doc.page.margins.left;
  doc.y = Math.max(billedBottom, doc.y) + 6;
  doc.text(`Place of supply: ${buyer.placeOfSupply.name} (${buyer.placeOfSupply.code})`);
  doc.moveDown(0.5);

  row(
    doc,
    columns.map((column) => column.title),
    'bold',
  );
  for (const line of document.lines) {
    row(
      doc,
      [
        line.description,
        line.hsnCode,
        String(line.quantity),
        rupees(line.unitPricePaise),
        rupees(line.discountPaise),
        rupees(line.taxablePaise),
        taxCell(line),
        rupees(line.totalPaise),
      ],
      'regular',
    );
  }
  doc.moveDown(0.5);
  doc.font('regular').fontSize(9);
  doc.text(`Taxable value: ${rupees(document.taxablePaise)}`);
  if (document.supply === 'intra_state') {
    doc.text(`CGST: ${rupees(document.cgstPaise)}`);
    doc.text(`SGST: ${rupees(document.sgstPaise)}`);
  } else {
    doc.text(`IGST: ${rupees(document.igstPaise)}`);
  }
  doc.font('bold').text(`Total: ${rupees(document.totalPaise)}`);
  doc.font('regular').text(amountInWords(document.totalPaise));
  doc.text('Prices include GST. Tax payable on reverse charge: No.');
  doc.moveDown(1.5);
  doc.text(`For ${seller.legalName}`);
  doc.text(seller.signatureLine);
  doc.end();
  return done;
}
