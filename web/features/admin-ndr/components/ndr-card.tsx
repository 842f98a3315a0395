import type { ReactNode } from 'react';
import {
  type AdminNdrRow,
  NDR_MAX_ATTEMPTS,
  ndrMessages,
  ndrReasonLabels,
  ndrStatusLabels,
} from '../../../../contracts/ndr-rules';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime, formatPhone } from '../../../lib/console-format';
import { timeLeftText } from '../../../lib/deadline';
import { ndrChoiceText } from '../../../lib/ndr-choice';
import { Link } from '../../../lib/router';
import { deciderText } from './ndr-words';

/** "tel:+919876543211": a stored 10-digit mobile as a link a phone dials. */
function telHref(phone: string): string {
  return /^\d{10}$/.test(phone) ? `tel:+91${phone}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * docs/product.md#failed-deliveries: one report as the console lists it (a card, so it reads on a phone): the order,
 * who to call, the parcel, why it failed, the attempts, the time left, where it stands and what was chosen.
 */
export function NdrCard({ report, actions }: { report: AdminNdrRow; actions: ReactNode }) {
  const headingId = `ndr-${report.id}`;
  const waiting = report.status === 'action_needed';
  const left = waiting ? (timeLeftText(report.respondBy) ?? ndrMessages.pastDeadline) : null;
  const { choice } = report;
  return (
    <li className="admin-order-card admin-ndr" aria-labelledby={headingId}>
      <h2 className="admin-order-card__title" id={headingId}>
        <Link to={adminPaths.order(report.orderId)}>Order {report.orderNumber}</Link>
      </h2>
      <p
        className={
          left === ndrMessages.pastDeadline ? 'admin-ndr__state admin-ndr__state--late' : 'admin-ndr__state'
        }
      >
        <strong>{ndrStatusLabels[report.status]}</strong>
        {left ? ` · ${left}` : ''}
      </p>
      <dl className="admin-details">
        <dt>Customer</dt>
        <dd>{report.customerName}</dd>
        <dt>Phone</dt>
        <dd>
          <a href={telHref(report.phone)}>{formatPhone(report.phone)}</a>
        </dd>
        <dt>Reason</dt>
        <dd>
          {ndrReasonLabels[report.reason]}
          {report.courierRemark ? <span className="admin-muted"> (“{report.courierRemark}”)</span> : null}
        </dd>
        <dt>Attempts</dt>
        <dd>
          {report.attempts} of {NDR_MAX_ATTEMPTS}
        </dd>
        <dt>Courier</dt>
        <dd>{report.courierName ?? 'Not known'}</dd>
        <dt>AWB</dt>
        <dd className="admin-ndr__number">{report.awb}</dd>
        <dt>Pincode</dt>
        <dd>{report.pincode}</dd>
        <dt>Payment</dt>
        <dd>{report.paymentMethod === 'cod' ? 'Cash on delivery' : 'Prepaid'}</dd>
        <dt>Raised</dt>
        <dd>{formatIstDateTime(report.raisedAt)}</dd>
        <dt>Choose by</dt>
        <dd>{formatIstDateTime(report.respondBy)}</dd>
        <dt>Choice</dt>
        <dd>
          {choice ? (
            <>
              {ndrChoiceText(choice)}, {deciderText(choice.by)} ({formatIstDateTime(choice.at)})
              {choice.phone ? `; phone ${formatPhone(choice.phone)}` : ''}
              {choice.addressLine ? `; “${choice.addressLine}”` : ''}
            </>
          ) : (
            'None yet'
          )}
        </dd>
        {choice ? (
          <>
            <dt>Sent to the courier</dt>
            <dd>{report.sentToCourierAt ? formatIstDateTime(report.sentToCourierAt) : 'Not yet'}</dd>
          </>
        ) : null}
      </dl>
      {actions}
    </li>
  );
}
