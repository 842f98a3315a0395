import { Button } from '../../../components/button';
import { OtpField } from '../../../components/form/otp-field';

export type VerifyState = 'idle' | 'verifying' | 'verified';

const verifyLabels: Record<VerifyState, string> = {
  idle: 'Verify OTP',
  verifying: 'Verifying...',
  verified: 'Verified',
};

interface VerifyCodeRowProps {
  className: string;
  state: VerifyState;
  otp: string;
  error: string | undefined;
  onOtpChange: (value: string) => void;
  onVerify: () => void;
}

/** The code field and its Verify OTP button; both are locked once the code is being checked. */
export function VerifyCodeRow({ className, state, otp, error, onOtpChange, onVerify }: VerifyCodeRowProps) {
  return (
    <div className={className}>
      <OtpField error={error} readOnly={state !== 'idle'} value={otp} onChange={onOtpChange} />
      <Button variant="secondary" disabled={state !== 'idle'} onClick={onVerify}>
        {verifyLabels[state]}
      </Button>
    </div>
  );
}
