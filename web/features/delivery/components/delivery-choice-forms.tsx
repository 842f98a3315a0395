import { type FormEvent, useId, useState } from 'react';
import { type NdrChoice, type NdrView, ndrMessages } from '../../../../contracts/ndr-rules';
import { Button } from '../../../components/button';
import { ReattemptFields, type ReattemptTyped } from '../../../components/reattempt-fields';
import { type ReattemptErrors, reattemptChoice } from '../../../lib/ndr-choice';

/**
 * docs/product.md#failed-deliveries: the two choices, each its own small form: deliver again on one of the offered
 * days (the phone and a landmark may change, the pincode may not), or cancel the order.
 */
export function DeliveryChoiceForms({
  view,
  sending,
  onChoose,
}: {
  view: NdrView;
  sending: boolean;
  onChoose: (choice: NdrChoice) => void;
}) {
  const ids = useId();
  const [typed, setTyped] = useState<ReattemptTyped>({ date: '', phone: view.phone, addressLine: '' });
  const [errors, setErrors] = useState<ReattemptErrors>({});

  function submitReattempt(event: FormEvent) {
    event.preventDefault();
    const checked = reattemptChoice(view, typed);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onChoose(checked.choice);
  }

  function submitReturn(event: FormEvent) {
    event.preventDefault();
    onChoose({ action: 'return' });
  }

  const { address } = view;
  return (
    <div className="delivery-choices">
      <section className="delivery-choice" aria-labelledby={`${ids}-again`}>
        <h2 id={`${ids}-again`}>{ndrMessages.deliverAgain}</h2>
        <form aria-labelledby={`${ids}-again`} onSubmit={submitReattempt} noValidate>
          <ReattemptFields dates={view.dates} typed={typed} errors={errors} onChange={setTyped} ownDevice />
          <dl className="delivery-facts">
            <dt>Address</dt>
            <dd>{[address.line, address.city, address.state].filter(Boolean).join(', ')}</dd>
            <dt>Pincode</dt>
            <dd>
              {address.pincode} <span className="delivery-muted">{ndrMessages.pincodeFixed}</span>
            </dd>
          </dl>
          <Button type="submit" disabled={sending}>
            {ndrMessages.deliverAgain}
          </Button>
        </form>
      </section>
      <section className="delivery-choice" aria-labelledby={`${ids}-back`}>
        <h2 id={`${ids}-back`}>{ndrMessages.sendBack}</h2>
        <form aria-labelledby={`${ids}-back`} onSubmit={submitReturn}>
          <p>{view.paymentMethod === 'cod' ? ndrMessages.codNothingToPay : ndrMessages.prepaidRefund}</p>
          <Button type="submit" variant="secondary" disabled={sending}>
            {ndrMessages.sendBack}
          </Button>
        </form>
      </section>
    </div>
  );
}
