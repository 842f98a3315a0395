import { type FormEvent, useState } from 'react';
import type { AuditEntry } from '../../../../contracts/staff';
import { FieldWrapper } from '../../../components/form/form-field';
import { ScrollingRegion } from '../../../components/scrolling-region';
import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { humanise } from '../../../lib/console-format';
import { Link } from '../../../lib/router';
import { type AuditFilters, useAuditLog } from '../api/get-audit-log';
import { describeChanges } from '../describe-changes';

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Asia/Kolkata',
});

function ChangeList({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry.before, entry.after, entry.entityType);
  if (changes.length === 0) return <>—</>;
  return (
    <ul className="admin-changes">
      {changes.map((change) => (
        <li key={change}>{change}</li>
      ))}
    </ul>
  );
}

/** The console page of a record, where it has one. */
function pageOf(entry: AuditEntry): string | undefined {
  const id = entry.entityId;
  switch (entry.entityType) {
    case 'order':
      return adminPaths.order(id);
    case 'return':
      return adminPaths.return(id);
    case 'customer':
      return adminPaths.customer(id);
    case 'contact_message':
      return adminPaths.message(id);
    case 'coupon':
      return /^\d+$/.test(id) ? adminPaths.coupon(Number(id)) : undefined;
    case 'product':
      return /^\d+$/.test(id) ? adminPaths.product(Number(id)) : undefined;
    case 'shop_settings':
    case 'prepaid_offer_settings':
    case 'cod_risk_settings':
      return adminPaths.settings;
    case 'cod_settings':
    case 'cod_remittance_import':
    case 'cod_remittance_line':
      return adminPaths.cod;
    case 'return_settings':
      return adminPaths.returns;
    default:
      return undefined;
  }
}

/** docs/product.md#staff: a record by the name people give it (OM-, RT-, UTR, GRV-, a code), not its UUID. */
function RecordName({ entry }: { entry: AuditEntry }) {
  const kind = humanise(entry.entityType).replace(/^Cod /, 'COD ');
  if (!entry.entityLabel) {
    return (
      <span>
        {kind} <code className="admin-id">{entry.entityId}</code>
      </span>
    );
  }
  const page = pageOf(entry);
  const named = SELF_NAMED.has(entry.entityType) ? entry.entityLabel : `${kind} ${entry.entityLabel}`;
  return page ? <Link to={page}>{named}</Link> : <span>{named}</span>;
}

/** Records whose label says what they are on its own ("OM-…", "Shop settings", "UTR …"). */
const SELF_NAMED = new Set([
  'order',
  'return',
  'contact_message',
  'shop_settings',
  'cod_settings',
  'prepaid_offer_settings',
  'cod_risk_settings',
  'return_settings',
  'cod_remittance_import',
  'cod_remittance_line',
]);

/** The audit log, newest first, filtered, with "Show more" for the next page (docs/product.md#staff). */
export function AuditLogTable() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(filters);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const day = (name: string, end: boolean) => {
      const value = text(name);
      return value
        ? new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}+05:30`).toISOString()
        : undefined;
    };
    setFilters({
      action: text('action'),
      entityType: text('entityType'),
      entityId: text('entityId'),
      from: day('from', false),
      to: day('to', true),
    });
  }

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      <form className="admin-form admin-form--inline" onSubmit={submit} aria-label="Filter the audit log">
        <FieldWrapper label="Action">
          {(control) => (
            <input {...control} className="form-field__control" name="action" placeholder="staff.invite" />
          )}
        </FieldWrapper>
        <FieldWrapper label="Record type">
          {(control) => (
            <input {...control} className="form-field__control" name="entityType" placeholder="staff" />
          )}
        </FieldWrapper>
        <FieldWrapper label="Record id">
          {(control) => <input {...control} className="form-field__control" name="entityId" />}
        </FieldWrapper>
        <FieldWrapper label="From (IST)">
          {(control) => <input {...control} className="form-field__control" name="from" type="date" />}
        </FieldWrapper>
        <FieldWrapper label="To (IST)">
          {(control) => <input {...control} className="form-field__control" name="to" type="date" />}
        </FieldWrapper>
        <button className="button button--secondary" type="submit">
          Filter
        </button>
      </form>
      {log.isPending && <p role="status">Loading the audit log…</p>}
      {log.isError && <StatusMessage status={{ kind: 'error', text: log.error.message }} />}
      {log.isSuccess && entries.length === 0 && <p>No changes match.</p>}
      {entries.length > 0 && (
        <ScrollingRegion className="admin-table-wrap" label="Audit log, scrolls sideways">
          <table className="admin-table">
            <caption className="visually-hidden">Audit log</caption>
            <thead>
              <tr>
                <th scope="col">When (IST)</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
                <th scope="col">Changes</th>
                <th scope="col">IP</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When (IST)">{timeFormat.format(new Date(entry.createdAt))}</td>
                  <td data-label="Who">{entry.staffName ?? 'Command line'}</td>
                  <td data-label="Action">{entry.action}</td>
                  <td data-label="Record">
                    <RecordName entry={entry} />
                  </td>
                  <td data-label="Changes">
                    <ChangeList entry={entry} />
                  </td>
                  <td data-label="IP">{entry.ipAddress ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingRegion>
      )}
      {log.hasNextPage && (
        <button
          className="button button--secondary"
          type="button"
          onClick={() => log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          Show more
        </button>
      )}
    </>
  );
}
