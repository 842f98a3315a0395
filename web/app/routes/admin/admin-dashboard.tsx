import { LowStockCard } from '../../../features/admin-catalogue/components/low-stock-card';
import { NewMessagesCard } from '../../../features/admin-inbox/components/new-messages-card';
import { useDashboard } from '../../../features/admin-orders/api/get-dashboard';
import { AttentionList } from '../../../features/admin-orders/components/attention-list';
import { DashboardStats } from '../../../features/admin-orders/components/dashboard-stats';
import { NewReviewsCard } from '../../../features/admin-reviews/components/new-reviews-card';
import { SellerDetailsCard } from '../../../features/admin-settings/components/seller-details-prompt';
import { NdrRatesCard } from '../../../features/admin-stats/components/ndr-rates-card';
import { SalesAtAGlance } from '../../../features/admin-stats/components/sales-at-a-glance';
import { WinbackReportCard } from '../../../features/admin-stats/components/winback-report-card';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminDashboardPage() {
  useDocumentTitle('Dashboard');
  // The figures' query, shared with DashboardStats: one request.
  const dashboard = useDashboard();
  return (
    <>
      <h1>Dashboard</h1>
      <SellerDetailsCard />
      <DashboardStats />
      {/* docs/product.md#failed-deliveries: beside the COD figures. */}
      <NdrRatesCard />
      <div className="admin-stats">
        <NewMessagesCard />
        <NewReviewsCard newReviews={dashboard.data?.newReviews} />
      </div>
      <AttentionList />
      <LowStockCard />
      <p>
        <Link to={adminPaths.orders}>All orders</Link>
      </p>
      <SalesAtAGlance />
      <WinbackReportCard />
    </>
  );
}
