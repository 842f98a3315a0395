import { type FormEvent, type ReactNode, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { authMessages, PASSWORD_MIN_LENGTH } from '../../../../contracts/auth-rules';
import { messages } from '../../../../contracts/messages';
import { Button } from '../../../components/button';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { ApiError } from '../../../lib/api-client';
import { setFirstPassword } from '../api/set-first-password';
import './account.css';
import { NewPasswordField } from '../../../components/form/new-password-field';

interface WaysToLogInProps {
  user: User;
  /** The OTP check of the account's own number (docs/product.md#phone-and-email). */
  renderPhoneVerification: (phone: string, onVerified: (verificationToken: string) => void) => ReactNode;
  /** Saves the number as verified with the ticket of its OTP. */
  onPhoneVerified: (phone: string, verificationToken: string) => Promise<void>;
  /** Reads the profile again once a password is set. */
  onChanged: () => Promise<void>;
}

interface Status {
  kind: 'success' | 'error';
  text: string;
}

/**
 * docs/product.md#one-step-sign-in and #phone-and-email: what the account can still add to log in: a mobile
 * typed at an e-mail signup is not verified until an OTP, and an account made by phone or Google sets its
 * first password here.
 */
export function WaysToLogIn({ user, renderPhoneVerification, onPhoneVerified, onChanged }: WaysToLogInProps) {
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const fieldErrors = useFieldErrors();
  const unverifiedPhone = user.phone !== '' && !user.phoneVerified;
  if (!unverifiedPhone && user.passwordSet && status === null) return null;

  function errorText(error: unknown) {
    return error instanceof ApiError && error.message !== '' ? error.message : authMessages.otpFailed;
  }

  function savePhone(verificationToken: string) {
    onPhoneVerified(user.phone, verificationToken).catch((error: unknown) =>
      setStatus({ kind: 'error', text: errorText(error) }),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setStatus({ kind: 'error', text: messages.passwordTooShort });
      fieldErrors.show({ password: messages.passwordTooShort });
      return;
    }
    setPending(true);
    setStatus(null);
    try {
      const reply = await setFirstPassword(password);
      setPassword('');
      setStatus({ kind: 'success', text: reply.message });
      await onChanged();
    } catch (error) {
      const text =
        error instanceof ApiError && error.message !== '' ? error.message : authMessages.signupFailed;
      setStatus({ kind: 'error', text });
      fieldErrors.show({ password: text });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby="ways-to-log-in-title">
      <h2 id="ways-to-log-in-title">Ways to log in</h2>
      {unverifiedPhone && (
        <div className="ways-to-log-in__phone">
          <p>
            Mobile {user.phone}: <strong>not verified</strong>: verify to log in with it.
          </p>
          {renderPhoneVerification(user.phone, savePhone)}
        </div>
      )}
      {!user.passwordSet && (
        <form ref={fieldErrors.formRef} className="ways-to-log-in__password" noValidate onSubmit={submit}>
          <p>
            You log in with {user.phoneVerified ? 'your mobile number and an OTP' : 'Google or an OTP'}. Add a
            password to log in with it too.
          </p>
          <NewPasswordField
            error={fieldErrors.errors.password}
            value={password}
            onChange={(value) => {
              setPassword(value);
              fieldErrors.clear('password');
            }}
          />
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Set password'}
          </Button>
        </form>
      )}
      {status && (
        <p
          className={status.kind === 'error' ? 'error-text' : 'success-text'}
          role={status.kind === 'error' ? 'alert' : 'status'}
        >
          {status.text}
        </p>
      )}
    </section>
  );
}
