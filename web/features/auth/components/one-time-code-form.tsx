import { type FormEvent, useState } from 'react';
import type { OtpPurpose } from '../../../../contracts/account';
import { OtpTargetSchema, PASSWORD_MIN_LENGTH, VerifyOtpBodySchema } from '../../../../contracts/auth';
import { messages } from '../../../../contracts/messages';
import { Button } from '../../../components/button';
import { issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { ResendCode } from '../../../components/resend-code';
import { type OtpTargetInput, sendOtp } from '../api/send-otp';
import { authErrorMessage, type ShowFeedback } from './feedback';
import { type ContactMethod, contactLabel, MethodToggle } from './method-toggle';

export interface CodeSubmission {
  target: OtpTargetInput;
  otp: string;
  /** Only when the form asks for a new password. */
  password: string;
}

interface OneTimeCodeFormProps {
  purpose: Exclude<OtpPurpose, 'signup'>;
  /** Also asks for a new password (the reset). */
  withNewPassword?: boolean;
  submitLabel: string;
  pendingLabel: string;
  onFeedback: ShowFeedback;
  /** Rejects with the reason the server refused. */
  onSubmit: (submission: CodeSubmission) => Promise<void>;
}

function rawInput(method: ContactMethod, contact: string): OtpTargetInput {
  return method === 'email' ? { email: contact } : { mobile: contact };
}

/**
 * docs/product.md#code-login and #password-reset: the contact, Send OTP, then the code (and a new password)
 * with a resend countdown. Editing the contact after sending starts over.
 */
export function OneTimeCodeForm({
  purpose,
  withNewPassword = false,
  submitLabel,
  pendingLabel,
  onFeedback,
  onSubmit,
}: OneTimeCodeFormProps) {
  const [method, setMethod] = useState<ContactMethod>('email');
  const [contact, setContact] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState(false);
  const fieldErrors = useFieldErrors();
  const contactName = method === 'email' ? 'email' : 'mobile';

  function startOver() {
    setSentAt(null);
    setOtp('');
    fieldErrors.clear();
    onFeedback(null);
  }

  function chooseMethod(next: ContactMethod) {
    if (next === method) return;
    setMethod(next);
    setContact('');
    startOver();
  }

  async function sendCode() {
    const target = OtpTargetSchema.safeParse(rawInput(method, contact));
    if (!target.success) {
      onFeedback({ kind: 'error', text: target.error.issues[0]?.message ?? 'Failed to send OTP' });
      fieldErrors.show(issueFieldErrors(target.error.issues));
      return;
    }
    onFeedback(null);
    fieldErrors.clear();
    setSending(true);
    try {
      const { channel, address } = target.data;
      const reply = await sendOtp(channel === 'email' ? { email: address } : { mobile: address }, purpose);
      setSentAt(Date.now());
      onFeedback({ kind: 'success', text: reply.message });
    } catch (error) {
      onFeedback({ kind: 'error', text: authErrorMessage(error) });
      fieldErrors.show(serverFieldErrors(error));
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = VerifyOtpBodySchema.safeParse({ ...rawInput(method, contact), otp });
    if (!body.success) {
      onFeedback({ kind: 'error', text: body.error.issues[0]?.message ?? 'OTP verification failed' });
      fieldErrors.show(issueFieldErrors(body.error.issues));
      return;
    }
    if (withNewPassword && password.length < PASSWORD_MIN_LENGTH) {
      onFeedback({ kind: 'error', text: messages.passwordTooShort });
      fieldErrors.show({ password: messages.passwordTooShort });
      return;
    }
    onFeedback(null);
    fieldErrors.clear();
    setPending(true);
    try {
      const { channel, address } = body.data;
      await onSubmit({
        target: channel === 'email' ? { email: address } : { mobile: address },
        otp: body.data.otp,
        password,
      });
    } catch (error) {
      onFeedback({ kind: 'error', text: authErrorMessage(error) });
      fieldErrors.show(serverFieldErrors(error));
    } finally {
      setPending(false);
    }
  }

  const sent = sentAt !== null;
  return (
    <form ref={fieldErrors.formRef} className="auth-form" onSubmit={submit}>
      <MethodToggle label="Send the OTP to" value={method} onChange={chooseMethod} disabled={pending} />
      <div className="auth-inline">
        <InputField
          label={contactLabel(method)}
          error={fieldErrors.errors[contactName]}
          name={contactName}
          type={method === 'email' ? 'email' : 'tel'}
          inputMode={method === 'email' ? 'email' : 'tel'}
          autoComplete={method === 'email' ? 'email' : 'tel-national'}
          maxLength={method === 'email' ? 254 : 20}
          readOnly={sending || pending}
          value={contact}
          onChange={(event) => {
            setContact(event.target.value);
            fieldErrors.clear(contactName);
            if (sent) startOver();
          }}
        />
        <Button variant="secondary" disabled={sending || sent} onClick={sendCode}>
          {sending ? 'Sending...' : sent ? 'Sent' : 'Send OTP'}
        </Button>
      </div>
      {sent && (
        <>
          <InputField
            label="OTP"
            error={fieldErrors.errors.otp}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={otp}
            onChange={(event) => {
              setOtp(event.target.value);
              fieldErrors.clear('otp');
            }}
          />
          {withNewPassword && (
            <InputField
              label="New Password"
              error={fieldErrors.errors.password}
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                fieldErrors.clear('password');
              }}
            />
          )}
          <ResendCode sentAt={sentAt} onResend={sendCode} disabled={sending || pending} />
          <Button type="submit" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      )}
    </form>
  );
}
