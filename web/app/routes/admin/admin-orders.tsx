import type { StaffProfile } from '../../../../contracts/staff';
import { OrderExports } from '../../../features/admin-orders/components/order-exports';
import { OrdersFilterForm } from '../../../features/admin-orders/components/orders-filter-form';
import { OrdersList } from '../../../features/admin-orders/components/orders-list';
import { filtersFromSearchParams, filtersToSearchParams } from '../../../features/admin-orders/order-filters';
import { useOutletContext, useSearchParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const staff = useOutletContext<StaffProfile>();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  return (
    <>
      <h1>Orders</h1>
      <OrdersFilterForm filters={filters} onChange={(next) => setSearchParams(filtersToSearchParams(next))} />
      <OrderExports filters={filters} isOwner={staff.role === 'owner'} />
      <OrdersList filters={filters} />
    </>
  );
}
