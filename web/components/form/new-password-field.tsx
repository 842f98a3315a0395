import { InputField } from './form-field';

interface NewPasswordFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A password being chosen (docs/product.md#signup-rules: at most 128 characters), which a password manager may offer. */
export function NewPasswordField({ value, error, onChange }: NewPasswordFieldProps) {
  return (
    <InputField
      label="New Password"
      error={error}
      name="password"
      type="password"
      autoComplete="new-password"
      maxLength={128}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
