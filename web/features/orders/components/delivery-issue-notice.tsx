import {
  ndrMessages,
  ndrOrderPath,
  ndrReasonLabels,
  ndrStatusLabels,
  type OrderDeliveryIssue,
} from '../../../../contracts/ndr-rules';
import { formatCalendarDay, formatIstMoment, timeLeftText } from '../../../lib/deadline';
import { fillIn } from '../../../lib/fill-in';
import { Link } from '../../../lib/router';

/** "Delivery attempt 2 of 3 failed: Nobody was available to receive the parcel." */
export function failedAttemptText(issue: OrderDeliveryIssue): string {
  return `${fillIn(ndrMessages.attemptOf, { attempts: issue.attempts, max: issue.maxAttempts })} failed: ${ndrReasonLabels[issue.reason]}.`;
}

/** "New delivery date: Wednesday, 9 December", when a re-attempt was asked for a day. */
export function reattemptDateText(issue: OrderDeliveryIssue): string | null {
  return issue.reattemptDate ? `New delivery date: ${formatCalendarDay(issue.reattemptDate)}` : null;
}

/**
 * docs/product.md#failed-deliveries: My Orders' and the order page's word of a failed delivery: the attempt, why,
 * where it stands, the new date; while the shopper may still choose, the time left and the way to the choice.
 * A parcel delivered after all needs no word.
 */
export function DeliveryIssueNotice({
  orderId,
  issue,
  describedBy,
}: {
  orderId: string;
  issue: OrderDeliveryIssue | null | undefined;
  describedBy: string;
}) {
  if (!issue || issue.status === 'delivered') return null;
  const left = issue.canChoose ? timeLeftText(issue.respondBy) : null;
  const newDate = reattemptDateText(issue);
  const id = `delivery-issue-${orderId}`;
  return (
    <div className="order-card__delivery-issue" id={id}>
      <p className="order-card__notice">{failedAttemptText(issue)}</p>
      <p>
        Status: {ndrStatusLabels[issue.status]}
        {newDate ? `. ${newDate}` : ''}
      </p>
      {left ? (
        <p>
          {fillIn(ndrMessages.chooseBy, { deadline: formatIstMoment(issue.respondBy), left })}{' '}
          <Link to={ndrOrderPath(orderId)} aria-describedby={describedBy}>
            {ndrMessages.chooseAction}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
