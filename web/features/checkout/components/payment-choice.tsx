import { lazy, Suspense, useId } from 'react';
import type { CodEligibility } from '../../../../contracts/cod';
import { codMessages } from '../../../../contracts/cod-rules';
import { prepaidOfferSaving } from '../../../../contracts/prepaid-offer-words';
import { formatPaiseAmount } from '../checkout-amounts';
import './checkout.css';

export type PaymentChoiceValue = 'online' | 'cod';

const CodAdvanceNote = lazy(() =>
  import('./cod-advance-note').then((module) => ({ default: module.CodAdvanceNote })),
);

interface PaymentChoiceProps {
  /** The server's answer for this cart and address; undefined while it is asked. */
  eligibility: CodEligibility | undefined;
  value: PaymentChoiceValue;
  onChange: (value: PaymentChoiceValue) => void;
}

/**
 * docs/product.md#cash-on-delivery: the two ways to pay. Cash on delivery is offered only when the server says
 * so; otherwise it stays on screen, not choosable, with every reason why. Chosen, it shows its fee and the
 * nudge to pay online instead, and an advance it asks (docs/product.md#part-paid-cod). docs/product.md#prepaid-offer: beside paying online, what the server's prepaid
 * offer saves on this cart (the group shows for it even when the shop has COD off).
 */
export function PaymentChoice({ eligibility, value, onChange }: PaymentChoiceProps) {
  const name = useId();
  const reasonsId = useId();
  const nudgeId = useId();
  const offerId = useId();
  if (!eligibility) return null;
  const saving = eligibility.prepaidOfferPaise;
  if (!eligibility.enabled && saving <= 0) return null;
  const offered = eligibility.offered;
  const fee = formatPaiseAmount(eligibility.feePaise);
  // docs/product.md#part-paid-cod: what COD with an advance takes now by UPI.
  const advance = eligibility.advancePaise;
  return (
    <fieldset className="checkout-card payment-choice">
      <legend className="checkout-card__title payment-choice__legend">Payment method</legend>
      <label className="checkout-option">
        <input
          type="radio"
          name={name}
          value="online"
          checked={value === 'online'}
          aria-describedby={saving > 0 ? offerId : undefined}
          onChange={() => onChange('online')}
        />
        <span>{codMessages.payOnline}</span>
      </label>
      {saving > 0 && (
        <p id={offerId} className="payment-choice__offer">
          {prepaidOfferSaving(saving)}
        </p>
      )}
      {eligibility.enabled && (
        <label className="checkout-option">
          <input
            type="radio"
            name={name}
            value="cod"
            checked={value === 'cod'}
            disabled={!offered}
            aria-describedby={offered ? (value === 'cod' ? nudgeId : undefined) : reasonsId}
            onChange={() => onChange('cod')}
          />
          <span>
            {codMessages.cashOnDelivery} <span className="payment-choice__fee">(+{fee})</span>
          </span>
        </label>
      )}
      {eligibility.enabled && !offered && (
        <ul id={reasonsId} className="payment-choice__reasons">
          {eligibility.refusals.map((refusal) => (
            <li key={refusal.reason}>{refusal.message}</li>
          ))}
        </ul>
      )}
      {offered && value === 'cod' && (
        <div id={nudgeId}>
          {advance > 0 && (
            <Suspense fallback={null}>
              <CodAdvanceNote
                reason={eligibility.advanceReason}
                advancePaise={advance}
                cashPaise={eligibility.codCashPaise}
              />
            </Suspense>
          )}
          <p className="payment-choice__nudge">
            {/* With a prepaid offer, paying online saves the fee and the offer: the server's two totals apart. */}
            {codMessages.nudge(eligibility.codTotalPaise - eligibility.onlineTotalPaise)}
          </p>
        </div>
      )}
    </fieldset>
  );
}
