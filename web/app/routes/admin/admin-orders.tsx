import { OrdersFilterForm } from '../../../features/admin-orders/components/orders-filter-form';
import { OrdersList } from '../../../features/admin-orders/components/orders-list';
import { filtersFromSearchParams, filtersToSearchParams } from '../../../features/admin-orders/order-filters';
import { useSearchParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  return (
    <>
      <h1>Orders</h1>
      <OrdersFilterForm filters={filters} onChange={(next) => setSearchParams(filtersToSearchParams(next))} />
      <OrdersList filters={filters} />
    </>
  );
}
