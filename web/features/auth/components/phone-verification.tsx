import { useState } from 'react';
import { VerifyOtpBodySchema } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { verifyOtp } from '../api/verify-otp';
import { useOtpCode } from '../hooks/use-otp-code';
import { authErrorMessage, type Feedback } from './feedback';
import { VerifyCodeRow, type VerifyState } from './verify-code-row';
import './phone-verification.css';

export interface VerifiedPhone {
  /** The number's 10 digits, as the server stores it. */
  phone: string;
  verificationToken: string;
}

export interface PhoneVerificationProps {
  /** The new number as typed. Give the component a `key` of it, so another number starts over. */
  phone: string;
  onVerified: (verified: VerifiedPhone) => void;
}

/**
 * docs/product.md#other-input: a new phone on the profile is proved by an OTP to it; the ticket the right code
 * gives goes with the save.
 */
export function PhoneVerification({ phone, onVerified }: PhoneVerificationProps) {
  const [verifyState, setVerifyState] = useState<VerifyState>('idle');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const fieldErrors = useFieldErrors();
  const code = useOtpCode({ onFeedback: setFeedback, fieldErrors });

  async function verifyCode() {
    const body = VerifyOtpBodySchema.safeParse({ mobile: phone, otp: code.otp });
    if (!body.success) {
      // The number's own field is the profile's, so whatever is wrong is said beside the code.
      const message = body.error.issues[0]?.message ?? 'OTP verification failed';
      fieldErrors.show({ otp: message });
      setFeedback({ kind: 'error', text: message });
      return;
    }
    setFeedback(null);
    setVerifyState('verifying');
    try {
      const reply = await verifyOtp({ mobile: body.data.address }, body.data.otp);
      setVerifyState('verified');
      setFeedback({ kind: 'success', text: reply.message });
      onVerified({ phone: body.data.address, verificationToken: reply.verificationToken });
    } catch (error) {
      setVerifyState('idle');
      setFeedback({ kind: 'error', text: authErrorMessage(error) });
    }
  }

  return (
    <div className="phone-verification">
      {code.sentAt !== null ? (
        <VerifyCodeRow
          className="phone-verification__code"
          state={verifyState}
          otp={code.otp}
          error={fieldErrors.errors.otp}
          onOtpChange={code.editOtp}
          onVerify={verifyCode}
        />
      ) : (
        <Button variant="secondary" disabled={code.sending} onClick={() => code.send({ mobile: phone })}>
          {code.sending ? 'Sending...' : 'Send OTP'}
        </Button>
      )}
      <p
        className={feedback?.kind === 'error' ? 'error-text' : 'success-text'}
        role={feedback?.kind === 'error' ? 'alert' : 'status'}
      >
        {feedback?.text}
      </p>
    </div>
  );
}
