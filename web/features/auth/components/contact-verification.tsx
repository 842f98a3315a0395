import { useState } from 'react';
import { OtpTargetSchema, VerifyOtpBodySchema } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { ResendCode } from '../../../components/resend-code';
import { type OtpTargetInput, sendOtp } from '../api/send-otp';
import { verifyOtp } from '../api/verify-otp';
import { authErrorMessage, type ShowFeedback } from './feedback';
import { type ContactMethod, contactLabel, MethodToggle } from './method-toggle';

export interface VerifiedContact {
  channel: 'email' | 'sms';
  /** As the server stores it: the e-mail lower-cased, or the phone's 10 digits. */
  address: string;
  verificationToken: string;
}

type SendState = 'idle' | 'sending' | 'sent';
type VerifyState = 'idle' | 'verifying' | 'verified';

const sendLabels: Record<SendState, string> = { idle: 'Send OTP', sending: 'Sending...', sent: 'Sent' };
const verifyLabels: Record<VerifyState, string> = {
  idle: 'Verify OTP',
  verifying: 'Verifying...',
  verified: 'Verified',
};

function targetInput(channel: 'email' | 'sms', address: string): OtpTargetInput {
  return channel === 'email' ? { email: address } : { mobile: address };
}

function rawInput(method: ContactMethod, contact: string): OtpTargetInput {
  return method === 'email' ? { email: contact } : { mobile: contact };
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
  const [method, setMethod] = useState<ContactMethod>('email');
  const [contact, setContact] = useState('');
  const [otp, setOtp] = useState('');
  const [sendState, setSendState] = useState<SendState>('idle');
  const [verifyState, setVerifyState] = useState<VerifyState>('idle');
  const [sentAt, setSentAt] = useState(0);
  const fieldErrors = useFieldErrors();
  const contactName = method === 'email' ? 'email' : 'mobile';

  function resetSent() {
    setSendState('idle');
    setVerifyState('idle');
    setOtp('');
    fieldErrors.clear();
    onFeedback(null);
  }

  function chooseMethod(next: ContactMethod) {
    if (next === method) return;
    setMethod(next);
    setContact('');
    resetSent();
  }

  function editContact(value: string) {
    setContact(value);
    fieldErrors.clear(contactName);
    if (sendState === 'sent') resetSent();
  }

  async function sendCode() {
    // docs/product.md#phone-and-email: the shared schema gives the documented messages for an e-mail without @ or a malformed phone.
    const target = OtpTargetSchema.safeParse(rawInput(method, contact));
    if (!target.success) {
      onFeedback({ kind: 'error', text: target.error.issues[0]?.message ?? 'Failed to send OTP' });
      fieldErrors.show(issueFieldErrors(target.error.issues));
      return;
    }
    onFeedback(null);
    fieldErrors.clear();
    const before = sendState;
    setSendState('sending');
    try {
      const reply = await sendOtp(targetInput(target.data.channel, target.data.address));
      setSendState('sent');
      setSentAt(Date.now());
      onFeedback({ kind: 'success', text: reply.message });
    } catch (error) {
      // A refused resend keeps the code already sent.
      setSendState(before === 'sent' ? 'sent' : 'idle');
      onFeedback({ kind: 'error', text: authErrorMessage(error) });
      fieldErrors.show(serverFieldErrors(error));
    }
  }

  async function verifyCode() {
    const body = VerifyOtpBodySchema.safeParse({ ...rawInput(method, contact), otp });
    if (!body.success) {
      onFeedback({ kind: 'error', text: body.error.issues[0]?.message ?? 'OTP verification failed' });
      fieldErrors.show(issueFieldErrors(body.error.issues));
      return;
    }
    onFeedback(null);
    fieldErrors.clear();
    setVerifyState('verifying');
    try {
      const { channel, address } = body.data;
      const reply = await verifyOtp(targetInput(channel, address), body.data.otp);
      setVerifyState('verified');
      onFeedback({ kind: 'success', text: reply.message });
      onVerified({ channel, address, verificationToken: reply.verificationToken });
    } catch (error) {
      setVerifyState('idle');
      onFeedback({ kind: 'error', text: authErrorMessage(error) });
      fieldErrors.show(serverFieldErrors(error));
    }
  }

  return (
    <div className="auth-form">
      <MethodToggle
        label="Verify with"
        value={method}
        onChange={chooseMethod}
        disabled={sendState === 'sending' || verifyState !== 'idle'}
      />
      <div className="auth-inline">
        <InputField
          label={contactLabel(method)}
          error={fieldErrors.errors[contactName]}
          name={contactName}
          type={method === 'email' ? 'email' : 'tel'}
          inputMode={method === 'email' ? 'email' : 'tel'}
          autoComplete={method === 'email' ? 'email' : 'tel'}
          maxLength={method === 'email' ? 254 : 20}
          readOnly={sendState === 'sending' || verifyState !== 'idle'}
          value={contact}
          onChange={(event) => editContact(event.target.value)}
        />
        <Button variant="secondary" disabled={sendState !== 'idle'} onClick={sendCode}>
          {sendLabels[sendState]}
        </Button>
      </div>
      {sendState === 'sent' && (
        <div className="auth-inline">
          <InputField
            label="OTP"
            error={fieldErrors.errors.otp}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            readOnly={verifyState !== 'idle'}
            value={otp}
            onChange={(event) => {
              setOtp(event.target.value);
              fieldErrors.clear('otp');
            }}
          />
          <Button variant="secondary" disabled={verifyState !== 'idle'} onClick={verifyCode}>
            {verifyLabels[verifyState]}
          </Button>
        </div>
      )}
      {sendState === 'sent' && verifyState === 'idle' && <ResendCode sentAt={sentAt} onResend={sendCode} />}
    </div>
  );
}
