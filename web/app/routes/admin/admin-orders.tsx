import type { StaffProfile } from '../../../../contracts/staff';
import { OrderExports } from '../../../features/admin-orders/components/order-exports';
import { OrdersFilterForm } from '../../../features/admin-orders/components/orders-filter-form';
import { OrdersList } from '../../../features/admin-orders/components/orders-list';
import { filtersFromSearchParams, filtersToSearchParams } from '../../../features/admin-orders/order-filters';
import { adminPaths } from '../../../lib/admin-paths';
import { Link, useOutletContext, useSearchParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

const codAwaitingQuery = filtersToSearchParams({ status: 'pending', paymentStatus: 'cod_due' }).toString();

export function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const staff = useOutletContext<StaffProfile>();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  return (
    <>
      <h1>Orders</h1>
      {/* docs/product.md#cash-on-delivery: the COD orders waiting for their shopper's confirmation. */}
      <p>
        <Link to={`${adminPaths.orders}?${codAwaitingQuery}`}>Cash on delivery awaiting confirmation</Link>
      </p>
      <OrdersFilterForm filters={filters} onChange={(next) => setSearchParams(filtersToSearchParams(next))} />
      <OrderExports filters={filters} isOwner={staff.role === 'owner'} />
      <OrdersList filters={filters} />
    </>
  );
}
