import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { amountInWords } from './gst-arithmetic';
import { renderDocumentPdf } from './invoice-pdf';
import type { CreditNoteRow, InvoiceRow } from './issue-documents';

async function pdfText(pdf: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'document-'));
  try {
    const file = join(folder, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** An inter-state document of one line totalling `totalPaise` at 5%. */
function invoiceOf(totalPaise: number): InvoiceRow {
  const igstPaise = Math.round((totalPaise * 500) / 10_500);
  const taxablePaise = totalPaise - igstPaise;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    orderId: '1a2b3c4d-0000-4000-8000-000000000000',
    number: 'INV/2627/000001',
    financialYear: '2627',
    sequence: 1,
    issuedAt: new Date('2026-11-20T06:30:00Z'),
    supply: 'inter_state',
    placeOfSupplyCode: '29',
    seller: {
      legalName: 'Ottoman Mittens Private Limited',
      address: ['12 Chandni Chowk', 'Delhi 110006'],
      stateCode: '07',
      stateName: 'Delhi',
      gstin: '07AAFCO1234K1ZI',
      signatureLine: 'Authorised signatory',
    },
    buyer: {
      name: 'Priya Sharma',
      email: 'priya@example.in',
      phone: '',
      billingAddress: ['Priya Sharma', '12 MG Road', 'Bengaluru, Karnataka, 560001'],
      shippingAddress: ['Priya Sharma', '12 MG Road', 'Bengaluru, Karnataka, 560001'],
      placeOfSupply: { code: '29', name: 'Karnataka' },
    },
    lines: [
      {
        description: 'Ottoman Silk Mitt (Size M)',
        hsnCode: '63079090',
        quantity: 1,
        unitPricePaise: totalPaise,
        discountPaise: 0,
        rateBasisPoints: 500,
        taxablePaise,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise,
        totalPaise,
      },
    ],
    taxablePaise,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise,
    totalPaise,
    createdAt: new Date('2026-11-20T06:30:00Z'),
  };
}

function creditNoteOf(totalPaise: number): CreditNoteRow {
  return {
    ...invoiceOf(totalPaise),
    number: 'CN/2627/000001',
    invoiceId: '00000000-0000-4000-8000-000000000001',
    razorpayRefundId: 'rfnd_0000000000001',
    reason: 'Refund, no goods returned: Late dispatch',
  };
}

/** The line the PDF prints under its total: the amount in words. */
function wordsLine(text: string): string | undefined {
  const lines = text.split('\n').map((line) => line.trim());
  return lines[lines.findIndex((line) => line.startsWith('Total: ')) + 1];
}

describe('the amount in words on the PDFs (docs/product.md#gst-invoices)', () => {
  // Whole rupees, rupees and paise, lakh and crore: an invoice and a credit note of the same amount print it alike.
  it.each([119_800, 5_050, 100, 100_000_000, 1_234_567_899])('reads alike for %i paise', async (paise) => {
    const invoice = await pdfText(await renderDocumentPdf({ kind: 'invoice', document: invoiceOf(paise) }));
    const creditNote = await pdfText(
      await renderDocumentPdf({
        kind: 'credit_note',
        document: creditNoteOf(paise),
        invoiceNumber: 'INV/2627/000001',
      }),
    );
    expect(invoice).toContain('Tax Invoice');
    expect(creditNote).toContain('Credit Note');
    expect(wordsLine(invoice)).toBe(amountInWords(paise));
    expect(wordsLine(creditNote)).toBe(amountInWords(paise));
  });

  it('says rupees and paise as the totals do', () => {
    expect(amountInWords(5_050)).toBe('Rupees Fifty and Fifty Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
  });
});
