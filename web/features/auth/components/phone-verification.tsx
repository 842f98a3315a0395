import { useState } from 'react';
import { OtpTargetSchema, VerifyOtpBodySchema } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { InputField } from '../../../components/form/form-field';
import { sendOtp } from '../api/send-otp';
import { verifyOtp } from '../api/verify-otp';
import { authErrorMessage, type Feedback } from './feedback';
import './phone-verification.css';

type Step = 'idle' | 'sending' | 'sent' | 'verifying' | 'verified';

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
  const [step, setStep] = useState<Step>('idle');
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  async function sendCode() {
    const target = OtpTargetSchema.safeParse({ mobile: phone });
    if (!target.success) {
      setFeedback({ kind: 'error', text: target.error.issues[0]?.message ?? 'Failed to send OTP' });
      return;
    }
    setFeedback(null);
    setStep('sending');
    try {
      const reply = await sendOtp({ mobile: target.data.address });
      setStep('sent');
      setFeedback({ kind: 'success', text: reply.message });
    } catch (error) {
      setStep('idle');
      setFeedback({ kind: 'error', text: authErrorMessage(error) });
    }
  }

  async function verifyCode() {
    const body = VerifyOtpBodySchema.safeParse({ mobile: phone, otp });
    if (!body.success) {
      const message = body.error.issues[0]?.message ?? 'OTP verification failed';
      setOtpError(message);
      setFeedback({ kind: 'error', text: message });
      return;
    }
    setFeedback(null);
    setStep('verifying');
    try {
      const reply = await verifyOtp({ mobile: body.data.address }, body.data.otp);
      setStep('verified');
      setFeedback({ kind: 'success', text: reply.message });
      onVerified({ phone: body.data.address, verificationToken: reply.verificationToken });
    } catch (error) {
      setStep('sent');
      setFeedback({ kind: 'error', text: authErrorMessage(error) });
    }
  }

  const codeSent = step === 'sent' || step === 'verifying' || step === 'verified';
  return (
    <div className="phone-verification">
      {codeSent ? (
        <div className="phone-verification__code">
          <InputField
            label="OTP"
            error={otpError}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            readOnly={step !== 'sent'}
            value={otp}
            onChange={(event) => {
              setOtp(event.target.value);
              setOtpError(undefined);
            }}
          />
          <Button variant="secondary" disabled={step !== 'sent'} onClick={verifyCode}>
            {step === 'verifying' ? 'Verifying...' : step === 'verified' ? 'Verified' : 'Verify OTP'}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" disabled={step === 'sending'} onClick={sendCode}>
          {step === 'sending' ? 'Sending...' : 'Send OTP'}
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
