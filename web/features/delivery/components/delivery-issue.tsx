import { useEffect, useRef } from 'react';
import { type NdrView, ndrMessages, ndrReasonLabels, ndrStatusLabels } from '../../../../contracts/ndr-rules';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDay, formatIstMoment, timeLeftText } from '../../../lib/deadline';
import { fillIn } from '../../../lib/fill-in';
import { ndrChoiceText } from '../../../lib/ndr-choice';
import { useChooseDelivery } from '../api/choose-delivery';
import type { DeliveryClient } from '../api/delivery-client';
import { useDeliveryIssue } from '../api/get-delivery-issue';
import { DeliveryChoiceForms } from './delivery-choice-forms';
import { chosenByText } from './delivery-words';
import './delivery.css';

function WhatHappened({ view }: { view: NdrView }) {
  return (
    <section className="delivery-card" aria-labelledby="delivery-what">
      <h2 id="delivery-what">{ndrMessages.whatHappened}</h2>
      <p className="delivery-reason">{ndrReasonLabels[view.reason]}</p>
      <dl className="delivery-facts">
        {view.courierRemark ? (
          <>
            <dt>{ndrMessages.courierRemark}</dt>
            <dd>“{view.courierRemark}”</dd>
          </>
        ) : null}
        <dt>Attempt</dt>
        <dd>
          {fillIn(ndrMessages.attemptOf, { attempts: view.attempts, max: view.maxAttempts })},{' '}
          {formatIstMoment(view.attemptedAt)}
        </dd>
        <dt>Status</dt>
        <dd>{ndrStatusLabels[view.status]}</dd>
      </dl>
    </section>
  );
}

function ChoiceMade({ view }: { view: NdrView }) {
  const { choice } = view;
  if (!choice) return null;
  return (
    <section className="delivery-card" aria-labelledby="delivery-chosen">
      <h2 id="delivery-chosen">{ndrMessages.choiceHeading}</h2>
      <p className="delivery-reason">{ndrChoiceText(choice)}</p>
      {choice.phone ? (
        <p>
          {ndrMessages.phoneLabel}: {choice.phone}
        </p>
      ) : null}
      {choice.addressLine ? (
        <p>
          {ndrMessages.addressLineLabel}: {choice.addressLine}
        </p>
      ) : null}
      <p className="delivery-muted">{chosenByText(choice)}</p>
    </section>
  );
}

/** What was just chosen, in the contract's words. */
function confirmationOf(view: NdrView): string | null {
  if (!view.choice) return null;
  return view.choice.action === 'reattempt' && view.choice.date
    ? fillIn(ndrMessages.reattemptChosen, { date: formatCalendarDay(view.choice.date) })
    : ndrMessages.returnChosen;
}

/**
 * docs/product.md#failed-deliveries: the order's failed delivery (what happened, the attempt, the time left) and,
 * while the shopper may choose, the two choices; a choice made shows what, by whom and when. After the press the
 * confirmation takes the focus and is announced.
 */
export function DeliveryIssue({ delivery }: { delivery: DeliveryClient }) {
  const issue = useDeliveryIssue(delivery, true);
  const choose = useChooseDelivery(delivery);
  const confirmationRef = useRef<HTMLParagraphElement>(null);
  const confirmation = choose.isSuccess ? confirmationOf(choose.data) : null;

  useEffect(() => {
    if (confirmation) confirmationRef.current?.focus();
  }, [confirmation]);

  if (issue.isPending) {
    return (
      <p className="status-text" role="status">
        Loading your delivery…
      </p>
    );
  }
  if (issue.isError) {
    // A refusal (an expired link, no failed delivery) is the answer; a network or server failure may pass.
    const status = issue.error instanceof ApiError ? issue.error.status : 0;
    return (
      <>
        <p className="error-text" role="alert">
          {issue.error.message}
        </p>
        {status === 0 || status >= 500 ? (
          <Button variant="secondary" disabled={issue.isFetching} onClick={() => issue.refetch()}>
            Try again
          </Button>
        ) : null}
      </>
    );
  }

  const view = issue.data;
  const left = timeLeftText(view.respondBy);
  const waiting = view.status === 'action_needed' && view.choice === null;
  return (
    <div className="delivery-issue">
      <p className="delivery-order">Order {view.orderNumber}</p>
      {/* Always in the page, so the confirmation put in it is announced. */}
      <div role="status" className="delivery-confirmation-region">
        {confirmation ? (
          <p ref={confirmationRef} tabIndex={-1} className="delivery-confirmation">
            {confirmation}
          </p>
        ) : null}
      </div>
      {choose.isError ? (
        <p className="error-text" role="alert">
          {choose.error.message}
        </p>
      ) : null}
      <WhatHappened view={view} />
      <ChoiceMade view={view} />
      {view.canChoose && left ? (
        <>
          <p className="delivery-deadline">
            {fillIn(ndrMessages.chooseBy, { deadline: formatIstMoment(view.respondBy), left })}{' '}
            {ndrMessages.defaultAtDeadline}
          </p>
          <DeliveryChoiceForms
            view={view}
            sending={choose.isPending}
            onChoose={(choice) => choose.mutate(choice)}
          />
        </>
      ) : waiting ? (
        <p className="delivery-deadline">{ndrMessages.tooLate}</p>
      ) : null}
    </div>
  );
}
