import { type FormEvent, useState } from 'react';
import { pincodeFormatProblem } from '../../../../contracts/pincode-format';
import { Button } from '../../../components/button';
import { InputField } from '../../../components/form/form-field';
import { rememberPincode, useVisitorPincode } from '../hooks/use-visitor-pincode';
import { DeliveryPromiseLine } from './delivery-promise-line';
import './delivery-promise.css';

/** docs/product.md#delivery-promise: the "Check delivery" field, on the product page and in the location modal. */
export function CheckDelivery() {
  const pincode = useVisitorPincode();
  // Untouched, the field shows the pincode already known.
  const [draft, setDraft] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = (draft ?? pincode ?? '').trim();
    // docs/product.md#pincode-directory: the format here; the directory by the API, in the line below.
    const problem = pincodeFormatProblem(typed);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    rememberPincode(typed);
  }

  return (
    <form className="check-delivery" onSubmit={check} noValidate>
      <div className="check-delivery__row">
        <InputField
          label="Check delivery"
          name="pincode"
          placeholder="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={12}
          value={draft ?? pincode ?? ''}
          error={error}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Check
        </Button>
      </div>
      {/* Under a refused pincode, no line for the one checked before it: its date is not this pincode's. */}
      <DeliveryPromiseLine pincode={error ? undefined : pincode} />
    </form>
  );
}
