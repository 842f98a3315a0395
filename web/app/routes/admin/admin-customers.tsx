import { CustomerSearchForm } from '../../../features/admin-customers/components/customer-search-form';
import { CustomersList } from '../../../features/admin-customers/components/customers-list';
import { useSearchParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminCustomersPage() {
  useDocumentTitle('Customers');
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  return (
    <>
      <h1>Customers</h1>
      <CustomerSearchForm q={q} onSearch={(next) => setSearchParams(next ? { q: next } : {})} />
      <CustomersList q={q} />
    </>
  );
}
