import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AdminStatsReply } from '../../../../contracts/admin-stats';
import { formatStatsDay, methodLabels } from '../format';
import './sales-charts.css';

// docs/architecture.md#sales-charts: this module and uPlot are their own chunk, loaded only by the dashboard.
// uPlot sizes its elements through the CSSOM, which the CSP's style-src allows; it adds no <style> tags.

export type ChartKind = 'daily' | 'units' | 'methods';

const HEIGHT = 220;
// Counts step in whole numbers: an axis of orders or units has no 0.2.
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000];
const COLOURS = { revenue: '#7a3e12', orders: '#1f5f8b', units: '#2f6b3a', methods: '#6b2f5f' };

function categoryAxis(labels: string[]): uPlot.Axis {
  return {
    splits: () => labels.map((_, index) => index),
    values: (_chart, splits) => splits.map((value) => labels[value] ?? ''),
  };
}

function barChart(labels: string[], values: number[], label: string, colour: string, width: number) {
  const options: Options = {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, labels.length - 0.5] },
      y: { range: (_c, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [categoryAxis(labels), { incrs: WHOLE_STEPS }],
    series: [
      {},
      {
        label,
        fill: colour,
        stroke: colour,
        paths: uPlot.paths.bars?.({ size: [0.6, 60] }),
        points: { show: false },
      },
    ],
  };
  const data: AlignedData = [labels.map((_, index) => index), values];
  return { options, data };
}

function dailyChart(stats: AdminStatsReply, width: number) {
  const labels = stats.daily.map((entry) => formatStatsDay(entry.day));
  const options: Options = {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      // Half a day of room at each end, so the first and last days' bars are whole.
      x: { time: false, range: [-0.5, stats.daily.length - 0.5] },
      rupees: { range: (_c, _min, max) => [0, Math.max(100, max)] },
      orders: { range: (_c, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      {
        incrs: WHOLE_STEPS,
        values: (_chart, splits) =>
          splits.map((value) => (Number.isInteger(value) ? (labels[value] ?? '') : '')),
      },
      {
        scale: 'rupees',
        size: 64,
        values: (_chart, splits) => splits.map((value) => `₹${value.toLocaleString('en-IN')}`),
      },
      { scale: 'orders', side: 1, grid: { show: false }, incrs: WHOLE_STEPS },
    ],
    series: [
      {},
      { label: 'Revenue', scale: 'rupees', stroke: COLOURS.revenue, width: 2 },
      {
        label: 'Paid orders',
        scale: 'orders',
        stroke: COLOURS.orders,
        fill: `${COLOURS.orders}66`,
        paths: uPlot.paths.bars?.({ size: [0.6, 20] }),
        points: { show: false },
      },
    ],
  };
  const data: AlignedData = [
    stats.daily.map((_, index) => index),
    stats.daily.map((entry) => entry.revenueRupees),
    stats.daily.map((entry) => entry.orders),
  ];
  return { options, data };
}

const AXIS_LABEL_CHARACTERS = 14;

/** A product's title as an axis label: whole when short, else cut with an ellipsis (the table below has it whole). */
function shortTitle(title: string): string {
  return title.length <= AXIS_LABEL_CHARACTERS ? title : `${title.slice(0, AXIS_LABEL_CHARACTERS - 1)}…`;
}

function chartOf(kind: ChartKind, stats: AdminStatsReply, width: number) {
  if (kind === 'daily') return dailyChart(stats, width);
  if (kind === 'units') {
    const labels = stats.unitsByProduct.map((entry) => shortTitle(entry.title));
    return barChart(
      labels,
      stats.unitsByProduct.map((entry) => entry.units),
      'Units sold',
      COLOURS.units,
      width,
    );
  }
  const labels = stats.paymentMethods.map((entry) => methodLabels[entry.method]);
  return barChart(
    labels,
    stats.paymentMethods.map((entry) => entry.orders),
    'Paid orders',
    COLOURS.methods,
    width,
  );
}

/** One uPlot chart, as an image for assistive technology: its numbers are in the table beside it. */
export default function SalesChart({
  kind,
  stats,
  label,
}: {
  kind: ChartKind;
  stats: AdminStatsReply;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const widthOf = () => Math.max(240, element.clientWidth);
    const { options, data } = chartOf(kind, stats, widthOf());
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: widthOf(), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [kind, stats]);
  return <div ref={container} className="sales-chart" role="img" aria-label={label} data-chart={kind} />;
}
