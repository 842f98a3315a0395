import { InputField } from './form-field';

interface OtpFieldProps {
  value: string;
  error?: string;
  readOnly?: boolean;
  onChange: (value: string) => void;
}

/** docs/product.md#otp: the 6-digit code, which the device may offer to fill in from the message. */
export function OtpField({ value, error, readOnly, onChange }: OtpFieldProps) {
  return (
    <InputField
      label="OTP"
      error={error}
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      readOnly={readOnly}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
