import type { DashboardPeriodKey } from '../../../../contracts/admin-orders';
import { StatusMessage } from '../../../components/status-message';
import { formatPaise } from '../../../lib/console-format';
import { useDashboard } from '../api/get-dashboard';

const periods: { key: DashboardPeriodKey; label: string }[] = [
  { key: 'today', label: 'Today' },
  { key: 'last7Days', label: 'Last 7 days' },
  { key: 'last30Days', label: 'Last 30 days' },
];

/** Orders, revenue net of refunds and average order value for today, 7 and 30 days (docs/product.md#staff). */
export function DashboardStats() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <p role="status">Loading the figures…</p>;
  if (dashboard.isError) return <StatusMessage status={{ kind: 'error', text: dashboard.error.message }} />;
  return (
    <div className="admin-stats">
      {periods.map(({ key, label }) => {
        const period = dashboard.data[key];
        return (
          <section key={key} className="admin-stat" aria-labelledby={`stat-${key}`}>
            <h2 id={`stat-${key}`}>{label}</h2>
            <dl className="admin-details">
              <dt>Orders</dt>
              <dd>{period.orders}</dd>
              <dt>Revenue</dt>
              <dd>{formatPaise(period.revenuePaise)}</dd>
              <dt>Average order</dt>
              <dd>{formatPaise(period.averageOrderPaise)}</dd>
            </dl>
          </section>
        );
      })}
      <section className="admin-stat" aria-labelledby="stat-cod">
        <h2 id="stat-cod">Cash on delivery</h2>
        <dl className="admin-details">
          <dt>COD share, 30 days</dt>
          <dd>{dashboard.data.cod.sharePercent}%</dd>
          <dt>Returned to origin</dt>
          <dd>{dashboard.data.cod.rtoRatePercent}%</dd>
          <dt>Cash with the courier</dt>
          <dd>{formatPaise(dashboard.data.cod.outstandingPaise)}</dd>
        </dl>
      </section>
    </div>
  );
}
