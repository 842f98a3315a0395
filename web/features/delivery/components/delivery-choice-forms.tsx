import { type FormEvent, useId, useState } from 'react';
import {
  NDR_ADDRESS_LINE_MAX_LENGTH,
  type NdrChoice,
  type NdrView,
  ndrMessages,
} from '../../../../contracts/ndr-rules';
import { normalizeIndianPhone } from '../../../../contracts/phone';
import { Button } from '../../../components/button';
import { InputField } from '../../../components/form/form-field';
import { formatCalendarDay } from '../../../lib/deadline';

interface FieldErrors {
  date?: string;
  phone?: string;
  addressLine?: string;
}

/** The re-attempt's fields as typed, checked as the server checks them; the choice to send, or why not. */
export function reattemptChoice(
  view: Pick<NdrView, 'dates' | 'phone'>,
  typed: { date: string; phone: string; addressLine: string },
): { ok: true; choice: NdrChoice } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!view.dates.includes(typed.date)) errors.date = ndrMessages.dateNotOffered;
  const phone = normalizeIndianPhone(typed.phone);
  if (!phone.ok) errors.phone = phone.message;
  const addressLine = typed.addressLine.trim();
  if (addressLine.length > NDR_ADDRESS_LINE_MAX_LENGTH) errors.addressLine = ndrMessages.addressLineTooLong;
  if (!phone.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    choice: {
      action: 'reattempt',
      date: typed.date,
      // Only what changed: the courier keeps the order's phone otherwise.
      ...(phone.phone === view.phone ? {} : { phone: phone.phone }),
      ...(addressLine ? { addressLine } : {}),
    },
  };
}

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
  const [date, setDate] = useState('');
  const [phone, setPhone] = useState(view.phone);
  const [addressLine, setAddressLine] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  function submitReattempt(event: FormEvent) {
    event.preventDefault();
    const checked = reattemptChoice(view, { date, phone, addressLine });
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

  const dateErrorId = `${ids}-date-error`;
  const { address } = view;
  return (
    <div className="delivery-choices">
      <section className="delivery-choice" aria-labelledby={`${ids}-again`}>
        <h2 id={`${ids}-again`}>{ndrMessages.deliverAgain}</h2>
        <form aria-labelledby={`${ids}-again`} onSubmit={submitReattempt} noValidate>
          <fieldset
            className="delivery-days"
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? dateErrorId : undefined}
          >
            <legend>{ndrMessages.chooseDay}</legend>
            {view.dates.map((day) => (
              <label key={day} className="delivery-day">
                <input
                  type="radio"
                  name={`${ids}-date`}
                  value={day}
                  checked={date === day}
                  onChange={() => setDate(day)}
                />
                <span>{formatCalendarDay(day)}</span>
              </label>
            ))}
            {errors.date ? (
              <p id={dateErrorId} className="form-field__error">
                {errors.date}
              </p>
            ) : null}
          </fieldset>
          <InputField
            label={ndrMessages.phoneLabel}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            error={errors.phone}
            onChange={(event) => setPhone(event.target.value)}
          />
          <InputField
            label={`${ndrMessages.addressLineLabel} (optional)`}
            maxLength={NDR_ADDRESS_LINE_MAX_LENGTH}
            autoComplete="off"
            value={addressLine}
            error={errors.addressLine}
            onChange={(event) => setAddressLine(event.target.value)}
          />
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
