import { type FormEvent, useState } from 'react';
import { StaffSetupBodySchema } from '../../../../contracts/staff';
import {
  type FieldErrors,
  issueFieldErrors,
  noFieldErrors,
  serverFieldErrors,
} from '../../../components/form/field-errors';
import { FieldWrapper } from '../../../components/form/form-field';
import { StatusMessage } from '../../../components/status-message';
import { ApiError } from '../../../lib/api-client';
import { useCompleteSetup } from '../api/complete-setup';
import { useSetupLink } from '../api/get-setup-link';
import { RecoveryCodes } from './recovery-codes';

/** docs/product.md#staff: choose a password, scan the QR code, confirm one code, keep the recovery codes. */
export function StaffSetupForm({ token }: { token: string }) {
  const link = useSetupLink(token);
  const setup = useCompleteSetup(token);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>(noFieldErrors);

  if (link.isPending) return <p role="status">Loading…</p>;
  if (link.isError) return <StatusMessage status={{ kind: 'error', text: link.error.message }} />;
  if (setup.data) return <RecoveryCodes message={setup.data.message} codes={setup.data.recoveryCodes} />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirmPassword') ?? '')) {
      setMismatch('The two passwords are not the same.');
      return;
    }
    setMismatch(null);
    const parsed = StaffSetupBodySchema.safeParse({ password, code: String(form.get('code') ?? '') });
    if (!parsed.success) {
      setup.reset();
      setClientErrors(issueFieldErrors(parsed.error.issues));
      return;
    }
    setClientErrors(noFieldErrors);
    setup.mutate(parsed.data);
  }

  const fieldError = (field: string) => clientErrors[field] ?? serverFieldErrors(setup.error)[field];
  const error =
    mismatch ??
    (setup.error instanceof ApiError && setup.error.fieldErrors.length === 0 ? setup.error.message : null);

  return (
    <form className="admin-form" onSubmit={submit}>
      <p>
        Setting up the console account of <strong>{link.data.name}</strong> ({link.data.email}).
      </p>
      <FieldWrapper label="Choose a password" error={fieldError('password')}>
        {(control) => (
          <input
            {...control}
            className="form-field__control"
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
        )}
      </FieldWrapper>
      <FieldWrapper label="The password again">
        {(control) => (
          <input
            {...control}
            className="form-field__control"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
          />
        )}
      </FieldWrapper>
      <h2 className="admin-subheading">Your authenticator app</h2>
      <p>
        Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
      </p>
      <img
        className="admin-qr"
        src={link.data.qrCodeDataUrl}
        alt="QR code for your authenticator app"
        width={240}
        height={240}
      />
      <p>
        Or type this key into the app: <code data-testid="totp-secret">{link.data.totpSecret}</code>
      </p>
      <FieldWrapper label="6-digit code the app shows" error={fieldError('code')}>
        {(control) => (
          <input
            {...control}
            className="form-field__control"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
          />
        )}
      </FieldWrapper>
      <StatusMessage status={error ? { kind: 'error', text: error } : null} />
      <button className="button button--primary" type="submit" disabled={setup.isPending}>
        Finish set-up
      </button>
    </form>
  );
}
