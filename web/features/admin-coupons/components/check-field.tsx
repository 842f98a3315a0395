import { type ReactNode, useId } from 'react';

interface CheckFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  description?: string;
}

/** A checkbox with its label, and why its value was refused, read with it. */
export function CheckField({ label, checked, onChange, error, description }: CheckFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', description ? `${id}-note` : ''].filter(Boolean).join(' ');
  return (
    <div className="coupon-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {description && (
        <p id={`${id}-note`} className="admin-muted coupon-check__note">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error coupon-check__note">
          {error}
        </p>
      )}
    </div>
  );
}
