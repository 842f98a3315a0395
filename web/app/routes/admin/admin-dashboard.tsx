import { Link } from 'react-router';
import { AttentionList } from '../../../features/admin-orders/components/attention-list';
import { DashboardStats } from '../../../features/admin-orders/components/dashboard-stats';
import { adminPaths } from '../../../lib/admin-paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminDashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <>
      <h1>Dashboard</h1>
      <DashboardStats />
      <AttentionList />
      <p>
        <Link to={adminPaths.orders}>All orders</Link>
      </p>
    </>
  );
}
