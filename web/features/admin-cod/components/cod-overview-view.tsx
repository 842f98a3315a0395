import { type CodOverview, remittanceMismatchText } from '../../../../contracts/cod-money';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIsoDay, formatIstDateTime, formatPaise } from '../../../lib/console-format';
import { Link } from '../../../lib/router';
import { useCodOverview } from '../api/get-cod-overview';
import { useCheckMismatch } from '../api/import-remittance';

type Line = CodOverview['mismatches'][number] | CodOverview['remittances'][number]['lines'][number];

function OrderLink({ line }: { line: Pick<Line, 'orderId' | 'orderNumber' | 'fileOrderId'> }) {
  if (!line.orderId || !line.orderNumber) return <>{line.fileOrderId} (not ours)</>;
  return <Link to={adminPaths.order(line.orderId)}>{line.orderNumber}</Link>;
}

function CashDue({ overview }: { overview: CodOverview }) {
  return (
    <section className="admin-section" aria-labelledby="cod-due">
      <h2 id="cod-due">Cash due from the courier</h2>
      <p>
        {formatPaise(overview.duePaise)} collected on delivery and not remitted yet. Cash not remitted{' '}
        {overview.overdueAfterDays} days after delivery goes to Needs attention.
      </p>
      {overview.due.length === 0 ? (
        <p className="admin-muted">No cash is waiting with the courier.</p>
      ) : (
        <ul className="admin-list" aria-label="Cash due">
          {overview.due.map((due) => (
            <li key={due.orderId}>
              <Link to={adminPaths.order(due.orderId)}>{due.orderNumber}</Link> {due.customerName},{' '}
              {formatPaise(due.amountPaise)}
              {due.deliveredAt && <>, delivered {formatIstDateTime(due.deliveredAt)}</>}
              {due.awb && <>, AWB {due.awb}</>}
              {due.overdue && <strong> Overdue</strong>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Remitted({ overview }: { overview: CodOverview }) {
  return (
    <section className="admin-section" aria-labelledby="cod-remitted">
      <h2 id="cod-remitted">Remitted</h2>
      <p>{formatPaise(overview.remittedPaise)} remitted by Shiprocket in all.</p>
      {overview.remittances.length === 0 ? (
        <p className="admin-muted">No remittance has been imported yet.</p>
      ) : (
        <ul className="admin-list" aria-label="Remittances">
          {overview.remittances.map((remittance) => (
            <li key={remittance.id}>
              <details>
                <summary>
                  {formatIsoDay(remittance.remittedOn)}: {formatPaise(remittance.amountPaise)}, UTR{' '}
                  {remittance.utr}, {remittance.orders} parcel{remittance.orders === 1 ? '' : 's'}
                  {remittance.mismatches > 0 && (
                    <strong>
                      {' '}
                      ({remittance.mismatches} mismatch{remittance.mismatches === 1 ? '' : 'es'})
                    </strong>
                  )}
                </summary>
                <ul>
                  {remittance.lines.map((line) => (
                    <li key={line.awb}>
                      AWB {line.awb}, order <OrderLink line={line} />: {formatPaise(line.remittedAmountPaise)}
                      {line.mismatch && <> ({remittanceMismatchText[line.mismatch]})</>}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface OverviewProps {
  overview: CodOverview;
  isOwner: boolean;
  onDone: (message: string) => void;
}

function Mismatches({ overview, isOwner, onDone }: OverviewProps) {
  const check = useCheckMismatch();
  return (
    <section className="admin-section" aria-labelledby="cod-mismatches">
      <h2 id="cod-mismatches">Mismatches</h2>
      {overview.mismatches.length === 0 ? (
        <p className="admin-muted">Every remitted parcel matched its order.</p>
      ) : (
        <ul className="admin-list" aria-label="Mismatches">
          {overview.mismatches.map((line) => (
            <li key={line.id}>
              <strong>{line.mismatch ? remittanceMismatchText[line.mismatch] : ''}</strong> AWB {line.awb},
              order <OrderLink line={line} />: remitted {formatPaise(line.remittedAmountPaise)}
              {line.expectedPaise !== null && <> of {formatPaise(line.expectedPaise)} to collect</>}{' '}
              (remittance {line.remittanceReference}, UTR {line.utr}, line {line.line})
              {isOwner && (
                <>
                  {' '}
                  <Button
                    variant="secondary"
                    aria-label={`Mark as checked: AWB ${line.awb}`}
                    disabled={check.isPending}
                    onClick={() => check.mutate(line.id, { onSuccess: (reply) => onDone(reply.message) })}
                  >
                    Mark as checked
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <StatusMessage status={check.error ? { kind: 'error', text: check.error.message } : null} />
    </section>
  );
}

/** docs/product.md#cod-remittances: cash due, remittances and mismatches (an owner marks one checked). */
export function CodOverviewView({ isOwner, onDone }: Omit<OverviewProps, 'overview'>) {
  const overview = useCodOverview();
  if (overview.isPending) return <p role="status">Loading cash on delivery…</p>;
  if (overview.isError) return <StatusMessage status={{ kind: 'error', text: overview.error.message }} />;
  return (
    <>
      <CashDue overview={overview.data} />
      <Mismatches overview={overview.data} isOwner={isOwner} onDone={onDone} />
      <Remitted overview={overview.data} />
    </>
  );
}
