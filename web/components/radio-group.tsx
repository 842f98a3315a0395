import { useId } from 'react';
import './radio-group.css';

export interface RadioOption<Value extends string> {
  value: Value;
  label: string;
}

/**
 * One choice of a few, as the form-field component does for a single control (outside components/form/, whose
 * file checkout loads: only the pages with a choice to make load this one): a fieldset named by its legend,
 * each option a whole row to press, and the error tied to the group (`aria-describedby`, `aria-invalid`).
 */
export function RadioGroup<Value extends string>({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly RadioOption<Value>[];
  value: Value | '';
  onChange: (value: Value) => void;
  error?: string | undefined;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="radio-group"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="radio-group__legend">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio-group__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="radio-group__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
