import { useState } from 'react';
import { type AdminNdrRow, type NdrQueueState, ndrMessages } from '../../../../contracts/ndr-rules';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';
import { useNdrQueue } from '../api/get-ndr-queue';
import { ActForShopperDialog } from './act-for-shopper-dialog';
import { NdrCard } from './ndr-card';
import './ndr.css';

const tabs: { state: NdrQueueState; label: string; empty: string }[] = [
  { state: 'open', label: 'Open', empty: 'No failed deliveries are open.' },
  { state: 'closed', label: 'Closed', empty: 'No failed deliveries have closed yet.' },
];

/** The queue keeps its tab in the URL: `?state=closed`, or the open reports. */
export function ndrQueueStateFrom(params: URLSearchParams): NdrQueueState {
  return params.get('state') === 'closed' ? 'closed' : 'open';
}

function deliveriesPath(state: NdrQueueState): string {
  return state === 'open' ? adminPaths.deliveries : `${adminPaths.deliveries}?state=${state}`;
}

/** One report's "Act for the shopper", while it waits for a choice; the dialog is mounted as it opens. */
function ActForShopper({ report, onDone }: { report: AdminNdrRow; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="admin-actions">
      <Button aria-describedby={`ndr-${report.id}`} onClick={() => setOpen(true)}>
        {ndrMessages.actForShopper}
      </Button>
      {open ? (
        <ActForShopperDialog report={report} open onClose={() => setOpen(false)} onDone={onDone} />
      ) : null}
    </div>
  );
}

/**
 * docs/product.md#failed-deliveries: the console's NDR queue: Open (waiting for a choice first, by deadline) and
 * Closed tabs, a card for each report; staff act for a shopper after calling them.
 */
export function NdrQueue({ state, onDone }: { state: NdrQueueState; onDone: (message: string) => void }) {
  const queue = useNdrQueue(state);
  const reports = queue.data?.reports ?? [];
  const tab = tabs.find((entry) => entry.state === state) ?? tabs[0];
  return (
    <>
      <nav aria-label="Filter by state" className="admin-ndr-tabs">
        <ul>
          {tabs.map((entry) => (
            <li key={entry.state}>
              <Link
                to={deliveriesPath(entry.state)}
                aria-current={entry.state === state ? 'page' : undefined}
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {queue.isPending && <p role="status">Loading failed deliveries…</p>}
      {queue.isError && <StatusMessage status={{ kind: 'error', text: queue.error.message }} />}
      {queue.isSuccess && reports.length === 0 && <p>{tab?.empty}</p>}
      {reports.length > 0 && (
        <ul className="admin-order-cards" aria-label="Failed deliveries">
          {reports.map((report) => (
            <NdrCard
              key={report.id}
              report={report}
              actions={
                report.status === 'action_needed' ? <ActForShopper report={report} onDone={onDone} /> : null
              }
            />
          ))}
        </ul>
      )}
    </>
  );
}
