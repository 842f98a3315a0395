import { TaxDocumentLinks } from '../../../components/tax-document-links';
import { apiBase } from '../../../lib/api-client';
import { useAdminOrderDocuments } from '../api/get-order-documents';

/** The console's links to the order's tax invoice and credit notes (docs/product.md#gst-invoices). */
export function OrderTaxDocuments({ orderId }: { orderId: string }) {
  const documents = useAdminOrderDocuments(orderId);
  return (
    <section className="admin-section" aria-labelledby="order-tax-documents">
      <h2 id="order-tax-documents">Tax documents</h2>
      {documents.data?.invoice ? (
        <TaxDocumentLinks documents={documents.data} apiBase={apiBase} />
      ) : (
        <p>{documents.isPending ? 'Loading…' : 'No invoice: the order is not paid.'}</p>
      )}
    </section>
  );
}
