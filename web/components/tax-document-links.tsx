import type { OrderTaxDocuments } from '../../contracts/invoices';

/** docs/product.md#gst-invoices: links to an order's tax invoice and credit notes as PDFs. */
export function TaxDocumentLinks({ documents, apiBase }: { documents: OrderTaxDocuments; apiBase: string }) {
  const { invoice, creditNotes } = documents;
  if (!invoice) return null;
  // The API's links start with /api; the app may be served its API from elsewhere.
  const href = (url: string) => `${apiBase}${url.replace(/^\/api/, '')}`;
  return (
    <ul className="tax-document-links" aria-label="Tax documents">
      <li>
        <a href={href(invoice.url)} download>
          Download invoice {invoice.number}
        </a>
      </li>
      {creditNotes.map((note) => (
        <li key={note.number}>
          <a href={href(note.url)} download>
            Download credit note {note.number}
          </a>
        </li>
      ))}
    </ul>
  );
}
