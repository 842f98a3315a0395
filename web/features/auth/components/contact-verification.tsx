import { type FormEvent, useState } from 'react';
import { ResendCode } from '../../../components/resend-code';
import { verifyOtp } from '../api/verify-otp';
import { useOtpSender } from '../hooks/use-otp-sender';
import { ContactSendRow } from './contact-send-row';
import type { ShowFeedback } from './feedback';
import { MethodToggle } from './method-toggle';
import { VerifyCodeRow, type VerifyState } from './verify-code-row';

export interface VerifiedContact {
  channel: 'email' | 'sms';
  /** As the server stores it: the e-mail lower-cased, or the phone's 10 digits. */
  address: string;
  verificationToken: string;
}

interface ContactVerificationProps {
  onFeedback: ShowFeedback;
  onVerified: (contact: VerifiedContact) => void;
}

/**
 * docs/product.md#behaviour Signup flow, first steps: contact entered, OTP sent, OTP verified. Editing the contact after
 * sending, while unverified, starts over; once verified the contact is read-only.
 */
export function ContactVerification({ onFeedback, onVerified }: ContactVerificationProps) {
  const [verifyState, setVerifyState] = useState<VerifyState>('idle');
  const sender = useOtpSender({ onFeedback, onStartOver: () => setVerifyState('idle') });

  async function verifyCode() {
    const code = sender.checkCode();
    if (!code) return;
    setVerifyState('verifying');
    try {
      const reply = await verifyOtp(code.target, code.otp);
      setVerifyState('verified');
      onFeedback({ kind: 'success', text: reply.message });
      onVerified({
        channel: code.channel,
        address: code.address,
        verificationToken: reply.verificationToken,
      });
    } catch (error) {
      setVerifyState('idle');
      sender.showFailure(error);
    }
  }

  // While a resend is on its way the code row steps aside, as before the first send.
  const codeSentAt = sender.sending ? null : sender.sentAt;

  // Enter sends the code, then checks it; a bad contact or code is said beside its field, which gets focus.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sender.sending || verifyState !== 'idle') return;
    if (sender.sentAt === null) void sender.sendToContact();
    else void verifyCode();
  }

  return (
    <form ref={sender.fieldErrors.formRef} className="auth-form" noValidate onSubmit={submit}>
      <MethodToggle
        label="Verify with"
        value={sender.method}
        onChange={sender.chooseMethod}
        disabled={sender.sending || verifyState !== 'idle'}
      />
      <ContactSendRow sender={sender} locked={verifyState !== 'idle'} phoneAutoComplete="tel" />
      {codeSentAt !== null && (
        <VerifyCodeRow
          className="auth-inline"
          state={verifyState}
          otp={sender.otp}
          error={sender.fieldErrors.errors.otp}
          onOtpChange={sender.editOtp}
          onVerify={verifyCode}
        />
      )}
      {codeSentAt !== null && verifyState === 'idle' && (
        <ResendCode sentAt={codeSentAt} onResend={sender.sendToContact} />
      )}
    </form>
  );
}
