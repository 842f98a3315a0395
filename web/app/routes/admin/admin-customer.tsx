import type { StaffProfile } from '../../../../contracts/staff';
import { StatusMessage } from '../../../components/status-message';
import { useAdminCustomer } from '../../../features/admin-customers/api/get-admin-customer';
import { CustomerActions } from '../../../features/admin-customers/components/customer-actions';
import {
  CustomerOrders,
  CustomerProfile,
  CustomerSessions,
  CustomerSignInMethods,
} from '../../../features/admin-customers/components/customer-details';
import { adminPaths } from '../../../lib/admin-paths';
import { Link, useOutletContext, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

export function AdminCustomerPage() {
  const { id = '' } = useParams();
  const staff = useOutletContext<StaffProfile>();
  const toast = useToast();
  const detail = useAdminCustomer(id);
  const name = detail.data?.name || detail.data?.email || 'Customer';
  useDocumentTitle(detail.data ? name : 'Customer');

  if (detail.isPending) return <p role="status">Loading the customer…</p>;
  if (detail.isError) {
    return (
      <>
        <h1>Customer</h1>
        <StatusMessage status={{ kind: 'error', text: detail.error.message }} />
        <p>
          <Link to={adminPaths.customers}>Back to customers</Link>
        </p>
      </>
    );
  }
  const customer = detail.data;
  return (
    <>
      <p>
        <Link to={adminPaths.customers}>Back to customers</Link>
      </p>
      <h1>{name}</h1>
      <CustomerActions customer={customer} isOwner={staff.role === 'owner'} onDone={toast} />
      <CustomerProfile customer={customer} />
      <CustomerSignInMethods methods={customer.signInMethods} />
      <CustomerSessions sessions={customer.sessions} />
      <CustomerOrders orders={customer.orders} />
    </>
  );
}
