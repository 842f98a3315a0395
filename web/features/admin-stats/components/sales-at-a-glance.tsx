import { lazy, type ReactNode, Suspense, useState } from 'react';
import { type AdminStatsReply, type StatsRange, statsRanges } from '../../../../contracts/admin-stats';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { useSalesStats } from '../api/get-sales-stats';
import { formatRupeeAmount, formatStatsDay, methodLabels } from '../format';
import type { ChartKind } from './sales-chart';
import './sales-at-a-glance.css';

// docs/product.md#sales-charts: uPlot (and its CSS) come in their own chunk, fetched when the charts first draw.
const SalesChart = lazy(() => import('./sales-chart'));

function ChartSection({
  id,
  title,
  caption,
  kind,
  stats,
  table,
}: {
  id: string;
  title: string;
  caption: string;
  kind: ChartKind;
  stats: AdminStatsReply;
  table: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <figure className="sales-figure">
        <Suspense fallback={<p role="status">Drawing the chart…</p>}>
          <SalesChart kind={kind} stats={stats} label={`${title}: ${caption}`} />
        </Suspense>
        <figcaption>{caption}</figcaption>
      </figure>
      <details>
        <summary>{title}: the numbers</summary>
        {table}
      </details>
    </section>
  );
}

function DailyTable({ stats }: { stats: AdminStatsReply }) {
  return (
    <table className="sales-table">
      <caption className="visually-hidden">Revenue and paid orders by day, oldest first</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Revenue</th>
          <th scope="col">Paid orders</th>
        </tr>
      </thead>
      <tbody>
        {stats.daily.map((entry) => (
          <tr key={entry.day}>
            <th scope="row">{formatStatsDay(entry.day)}</th>
            <td className="sales-table__number">{formatRupeeAmount(entry.revenueRupees)}</td>
            <td className="sales-table__number">{entry.orders}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function UnitsTable({ stats }: { stats: AdminStatsReply }) {
  if (stats.unitsByProduct.length === 0) return <p>Nothing sold in these days.</p>;
  return (
    <table className="sales-table">
      <caption className="visually-hidden">Units sold by product, most first</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Units sold</th>
        </tr>
      </thead>
      <tbody>
        {stats.unitsByProduct.map((entry) => (
          <tr key={entry.productId}>
            <th scope="row">
              #{entry.productId} {entry.title}
            </th>
            <td className="sales-table__number">{entry.units}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MethodsTable({ stats }: { stats: AdminStatsReply }) {
  const total = stats.paymentMethods.reduce((sum, entry) => sum + entry.orders, 0);
  return (
    <table className="sales-table">
      <caption className="visually-hidden">Paid orders by payment method</caption>
      <thead>
        <tr>
          <th scope="col">Method</th>
          <th scope="col">Paid orders</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {stats.paymentMethods.map((entry) => (
          <tr key={entry.method}>
            <th scope="row">{methodLabels[entry.method]}</th>
            <td className="sales-table__number">{entry.orders}</td>
            <td className="sales-table__number">
              {total === 0 ? '–' : `${Math.round((entry.orders / total) * 100)}%`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Sales at a glance: three charts over the last 30 or 90 IST days, each with its numbers as a table. */
export function SalesAtAGlance() {
  const [days, setDays] = useState<StatsRange>(30);
  const stats = useSalesStats(days);
  return (
    <section aria-labelledby="sales-heading">
      <h2 id="sales-heading">Sales at a glance</h2>
      <fieldset className="sales-range">
        <legend className="visually-hidden">Days shown</legend>
        {statsRanges.map((range) => (
          <Button
            key={range}
            variant={range === days ? 'primary' : 'secondary'}
            aria-pressed={range === days}
            onClick={() => setDays(range)}
          >
            Last {range} days
          </Button>
        ))}
      </fieldset>
      {stats.isPending && <p role="status">Loading the charts…</p>}
      {stats.isError && <StatusMessage status={{ kind: 'error', text: stats.error.message }} />}
      {stats.isSuccess && (
        <>
          <ChartSection
            id="chart-daily"
            title="Revenue and paid orders by day"
            caption={`Revenue (line, left axis, rupees, net of refunds) and paid orders (bars, right axis) on each of the last ${days} days, IST.`}
            kind="daily"
            stats={stats.data}
            table={<DailyTable stats={stats.data} />}
          />
          <ChartSection
            id="chart-units"
            title="Units sold by product"
            caption={`Units of each product in paid orders that are not cancelled, last ${days} days; products by number.`}
            kind="units"
            stats={stats.data}
            table={<UnitsTable stats={stats.data} />}
          />
          <ChartSection
            id="chart-methods"
            title="Card and UPI"
            caption={`Paid orders by how they were paid: card, UPI or other, last ${days} days.`}
            kind="methods"
            stats={stats.data}
            table={<MethodsTable stats={stats.data} />}
          />
        </>
      )}
    </section>
  );
}
