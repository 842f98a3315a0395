import { useState } from 'react';
import { formatDate, formatRupeesExact } from '../../../../contracts/format';
import { type ReturnStatus, returnStatuses, returnStatusLabels } from '../../../../contracts/returns';
import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';
import { type ReturnAgeFilter, useAdminReturns } from '../api/returns';

const ageLabels: Record<ReturnAgeFilter, string> = {
  any: 'Any age',
  over_1_day: 'Asked over a day ago',
  over_3_days: 'Asked over 3 days ago',
  over_7_days: 'Asked over a week ago',
};

/** docs/product.md#returns: the returns queue, newest first, by status and age. */
export function ReturnsQueue() {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const [age, setAge] = useState<ReturnAgeFilter>('any');
  const list = useAdminReturns(status, age);
  return (
    <>
      <div className="admin-filters">
        <label htmlFor="returns-status">Status</label>
        <select
          id="returns-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as ReturnStatus | '')}
        >
          <option value="">Every status</option>
          {returnStatuses.map((each) => (
            <option key={each} value={each}>
              {returnStatusLabels[each]}
            </option>
          ))}
        </select>
        <label htmlFor="returns-age">Age</label>
        <select
          id="returns-age"
          value={age}
          onChange={(event) => setAge(event.target.value as ReturnAgeFilter)}
        >
          {(Object.keys(ageLabels) as ReturnAgeFilter[]).map((each) => (
            <option key={each} value={each}>
              {ageLabels[each]}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? <p role="status">Loading returns…</p> : null}
      {list.isError ? <StatusMessage status={{ kind: 'error', text: list.error.message }} /> : null}
      {list.data && list.data.returns.length === 0 ? <p>No returns here.</p> : null}
      {list.data && list.data.returns.length > 0 ? (
        <ul className="admin-order-cards" aria-label="Returns">
          {list.data.returns.map((item) => (
            <li key={item.returnId} className="admin-order-card">
              <h2 className="admin-order-card__title">
                <Link to={adminPaths.return(item.returnId)}>Return {item.number}</Link>
              </h2>
              <p>
                <strong>{item.statusLabel}</strong> · {item.reasonLabel} ·{' '}
                {item.resolution === 'refund' ? formatRupeesExact(item.refundPaise / 100) : 'Replacement'}
              </p>
              <p className="admin-muted">
                Order {item.orderNumber} · {item.shopperName} · {item.units} unit{item.units === 1 ? '' : 's'}{' '}
                · asked {formatDate(item.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
