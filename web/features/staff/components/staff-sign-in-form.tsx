import { type FormEvent, useState } from 'react';
import { type StaffProfile, staffConsoleMessages } from '../../../../contracts/staff';
import { Button } from '../../../components/button';
import { FieldWrapper } from '../../../components/form/form-field';
import { StatusMessage } from '../../../components/status-message';
import { ApiError } from '../../../lib/api-client';
import { signInStaff } from '../api/sign-in-staff';

/** docs/product.md#staff: e-mail and password, then the authenticator's code or a recovery code. */
export function StaffSignInForm({ onSignedIn }: { onSignedIn: (staff: StaffProfile) => void }) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setError(null);
    try {
      if (step === 'password') {
        await signInStaff({ email: value('email'), password: value('password') });
        setStep('code');
      } else {
        const reply = await signInStaff(
          useRecovery ? { recoveryCode: value('recoveryCode') } : { code: value('code') },
        );
        if (reply.next === 'done') onSignedIn(reply.staff);
      }
    } catch (failure) {
      const message =
        failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.';
      // The pending sign-in is over: start again from the password.
      if (message === staffConsoleMessages.codeStepExpired || message === staffConsoleMessages.tooManyCodes) {
        setStep('password');
      }
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-form" onSubmit={submit} noValidate={false}>
      {step === 'password' ? (
        <>
          <FieldWrapper label="E-mail">
            {(control) => (
              <input
                {...control}
                className="form-field__control"
                name="email"
                type="email"
                autoComplete="username"
                required
              />
            )}
          </FieldWrapper>
          <FieldWrapper label="Password">
            {(control) => (
              <input
                {...control}
                className="form-field__control"
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
            )}
          </FieldWrapper>
        </>
      ) : useRecovery ? (
        <FieldWrapper label="Recovery code">
          {(control) => (
            <input
              {...control}
              className="form-field__control"
              name="recoveryCode"
              autoComplete="off"
              required
            />
          )}
        </FieldWrapper>
      ) : (
        <FieldWrapper label="6-digit code from your authenticator">
          {(control) => (
            <input
              {...control}
              className="form-field__control"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
            />
          )}
        </FieldWrapper>
      )}
      <StatusMessage status={error ? { kind: 'error', text: error } : null} />
      <Button type="submit" disabled={busy}>
        {step === 'password' ? 'Continue' : 'Sign in'}
      </Button>
      {step === 'code' && (
        <Button variant="ghost" onClick={() => setUseRecovery((value) => !value)}>
          {useRecovery ? 'Use the authenticator code' : 'Use a recovery code instead'}
        </Button>
      )}
    </form>
  );
}
