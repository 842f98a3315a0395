import { formatRupeesExact } from '../../../../contracts/format';
import { paiseToRupees } from '../../../../contracts/pricing';
import { StatusMessage } from '../../../components/status-message';
import { useWinbackReport } from '../api/get-winback-report';

/** docs/product.md#winback-report: what the checkout reminders and back-in-stock notices did, last 30 days. */
export function WinbackReportCard() {
  const report = useWinbackReport();
  if (report.isError) return <StatusMessage status={{ kind: 'error', text: report.error.message }} />;
  if (!report.data) return <p role="status">Loading the reminders’ results…</p>;
  const {
    days,
    remindersSent,
    checkoutsReminded,
    checkoutsRecovered,
    recoveredRevenuePaise,
    backInStockTold,
  } = report.data;
  return (
    <section className="admin-section" aria-labelledby="winback-report">
      <h2 id="winback-report">Checkouts won back, last {days} days</h2>
      <dl className="admin-stats">
        <div>
          <dt>Reminders sent</dt>
          <dd>{remindersSent}</dd>
        </div>
        <div>
          <dt>Checkouts reminded</dt>
          <dd>{checkoutsReminded}</dd>
        </div>
        <div>
          <dt>Checkouts recovered</dt>
          <dd>{checkoutsRecovered}</dd>
        </div>
        <div>
          <dt>Revenue recovered</dt>
          <dd>{formatRupeesExact(paiseToRupees(recoveredRevenuePaise))}</dd>
        </div>
        <div>
          <dt>Back-in-stock notices</dt>
          <dd>{backInStockTold}</dd>
        </div>
      </dl>
    </section>
  );
}
