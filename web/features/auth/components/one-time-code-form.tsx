import { type FormEvent, useState } from 'react';
import type { OtpPurpose } from '../../../../contracts/account';
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/auth-rules';
import { messages } from '../../../../contracts/messages';
import { Button } from '../../../components/button';
import { NewPasswordField } from '../../../components/form/new-password-field';
import { OtpField } from '../../../components/form/otp-field';
import { ResendCode } from '../../../components/resend-code';
import type { OtpTargetInput } from '../api/send-otp';
import { useOtpSender } from '../hooks/use-otp-sender';
import { ContactSendRow } from './contact-send-row';
import type { ShowFeedback } from './feedback';
import { MethodToggle } from './method-toggle';

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
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const sender = useOtpSender({ purpose, onFeedback });
  const { fieldErrors } = sender;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter before a code went out sends one.
    if (sender.sentAt === null) {
      if (!sender.sending) void sender.sendToContact();
      return;
    }
    const code = sender.checkCode();
    if (!code) return;
    if (withNewPassword && password.length < PASSWORD_MIN_LENGTH) {
      onFeedback({ kind: 'error', text: messages.passwordTooShort });
      fieldErrors.show({ password: messages.passwordTooShort });
      return;
    }
    setPending(true);
    try {
      await onSubmit({ target: code.target, otp: code.otp, password });
    } catch (error) {
      sender.showFailure(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={fieldErrors.formRef} className="auth-form" noValidate onSubmit={submit}>
      <MethodToggle
        label="Send the OTP to"
        value={sender.method}
        onChange={sender.chooseMethod}
        disabled={pending}
      />
      <ContactSendRow sender={sender} locked={pending} phoneAutoComplete="tel-national" />
      {sender.sentAt !== null && (
        <>
          <OtpField error={fieldErrors.errors.otp} value={sender.otp} onChange={sender.editOtp} />
          {withNewPassword && (
            <NewPasswordField
              error={fieldErrors.errors.password}
              value={password}
              onChange={(value) => {
                setPassword(value);
                fieldErrors.clear('password');
              }}
            />
          )}
          <ResendCode
            sentAt={sender.sentAt}
            onResend={sender.sendToContact}
            disabled={sender.sending || pending}
          />
          <Button type="submit" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      )}
    </form>
  );
}
