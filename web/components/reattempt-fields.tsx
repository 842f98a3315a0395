import { NDR_ADDRESS_LINE_MAX_LENGTH, ndrMessages } from '../../contracts/ndr-rules';
import { formatCalendarDay } from '../lib/deadline';
import type { ReattemptErrors } from '../lib/ndr-choice';
import { InputField } from './form/form-field';
import { RadioGroup } from './radio-group';

export interface ReattemptTyped {
  date: string;
  phone: string;
  addressLine: string;
}

/**
 * docs/product.md#failed-deliveries: what a re-attempt asks, on the shopper's page and in the console's dialog
 * alike: one of the offered days, the phone for the courier and an optional landmark. `ownDevice`: the shopper's
 * own phone fills the phone in; staff's would not.
 */
export function ReattemptFields({
  dates,
  typed,
  errors,
  onChange,
  ownDevice = false,
}: {
  dates: readonly string[];
  typed: ReattemptTyped;
  errors: ReattemptErrors;
  onChange: (typed: ReattemptTyped) => void;
  ownDevice?: boolean;
}) {
  return (
    <>
      <RadioGroup
        legend={ndrMessages.chooseDay}
        options={dates.map((day) => ({ value: day, label: formatCalendarDay(day) }))}
        value={typed.date}
        onChange={(date) => onChange({ ...typed, date })}
        error={errors.date}
      />
      <InputField
        label={ndrMessages.phoneLabel}
        type="tel"
        inputMode="tel"
        autoComplete={ownDevice ? 'tel' : undefined}
        value={typed.phone}
        error={errors.phone}
        onChange={(event) => onChange({ ...typed, phone: event.target.value })}
      />
      <InputField
        label={`${ndrMessages.addressLineLabel} (optional)`}
        maxLength={NDR_ADDRESS_LINE_MAX_LENGTH}
        autoComplete={ownDevice ? 'off' : undefined}
        value={typed.addressLine}
        error={errors.addressLine}
        onChange={(event) => onChange({ ...typed, addressLine: event.target.value })}
      />
    </>
  );
}
