import { useId } from 'react';
import type { CodEligibility } from '../../../../contracts/cod';
import { codMessages } from '../../../../contracts/cod-rules';
import { formatPaiseAmount } from '../checkout-amounts';
import './checkout.css';

export type PaymentChoiceValue = 'online' | 'cod';

interface PaymentChoiceProps {
  /** The server's answer for this cart and address; undefined while it is asked. */
  eligibility: CodEligibility | undefined;
  value: PaymentChoiceValue;
  onChange: (value: PaymentChoiceValue) => void;
}

/**
 * docs/product.md#cash-on-delivery: the two ways to pay. Cash on delivery is offered only when the server says
 * so; otherwise it stays on screen, not choosable, with every reason why. Chosen, it shows its fee and the
 * nudge to pay online instead.
 */
export function PaymentChoice({ eligibility, value, onChange }: PaymentChoiceProps) {
  const name = useId();
  const reasonsId = useId();
  const nudgeId = useId();
  if (!eligibility?.enabled) return null;
  const offered = eligibility.offered;
  const fee = formatPaiseAmount(eligibility.feePaise);
  return (
    <fieldset className="checkout-card payment-choice">
      <legend className="checkout-card__title payment-choice__legend">Payment method</legend>
      <label className="payment-choice__option">
        <input
          type="radio"
          name={name}
          value="online"
          checked={value === 'online'}
          onChange={() => onChange('online')}
        />
        <span>{codMessages.payOnline}</span>
      </label>
      <label className="payment-choice__option">
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
      {!offered && (
        <ul id={reasonsId} className="payment-choice__reasons">
          {eligibility.refusals.map((refusal) => (
            <li key={refusal.reason}>{refusal.message}</li>
          ))}
        </ul>
      )}
      {offered && value === 'cod' && (
        <p id={nudgeId} className="payment-choice__nudge">
          {codMessages.nudge(eligibility.feePaise)}
        </p>
      )}
    </fieldset>
  );
}
