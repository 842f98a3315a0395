import { type FormEvent, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { messages } from '../../../../contracts/messages';
import { normalizeIndianPhone } from '../../../../contracts/phone';
import { Button } from '../../../components/button';
import { serverFieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { type LoginCredentials, logIn } from '../api/log-in';
import { authErrorMessage, type ShowFeedback } from './feedback';
import { type ContactMethod, contactLabel, MethodToggle } from './method-toggle';

const userIdMissing = 'Login successful but user ID not received. Please try again.';

interface LoginFormProps {
  initialMethod?: ContactMethod;
  initialCredential?: string;
  onFeedback: ShowFeedback;
  onLoggedIn: (user: User) => void;
}

type CredentialsResult = { ok: true; credentials: LoginCredentials } | { ok: false; message: string };

/** docs/product.md#phone-and-email: an e-mail has an at-sign; a phone is normalised to its 10 digits. */
function credentialsFor(method: ContactMethod, credential: string, password: string): CredentialsResult {
  if (method === 'email') {
    const email = credential.trim();
    return email.includes('@')
      ? { ok: true, credentials: { email, password } }
      : { ok: false, message: messages.emailInvalid };
  }
  const phone = normalizeIndianPhone(credential);
  return phone.ok
    ? { ok: true, credentials: { mobile: phone.phone, password } }
    : { ok: false, message: phone.message };
}

export function LoginForm({
  initialMethod = 'email',
  initialCredential = '',
  onFeedback,
  onLoggedIn,
}: LoginFormProps) {
  const [method, setMethod] = useState<ContactMethod>(initialMethod);
  const [credential, setCredential] = useState(initialCredential);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const fieldErrors = useFieldErrors();
  const credentialName = method === 'email' ? 'email' : 'mobile';

  function chooseMethod(next: ContactMethod) {
    if (next === method) return;
    setMethod(next);
    setCredential('');
    fieldErrors.clear();
    onFeedback(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = credentialsFor(method, credential, password);
    if (!result.ok) {
      onFeedback({ kind: 'error', text: result.message });
      fieldErrors.show({ [credentialName]: result.message });
      return;
    }
    onFeedback(null);
    fieldErrors.clear();
    setPending(true);
    try {
      const reply = await logIn(result.credentials);
      if (reply.user?._id) onLoggedIn(reply.user);
      else onFeedback({ kind: 'error', text: userIdMissing });
    } catch (error) {
      onFeedback({ kind: 'error', text: authErrorMessage(error) });
      fieldErrors.show(serverFieldErrors(error));
    } finally {
      setPending(false);
    }
  }

  return (
    // noValidate: our own messages, beside the field, which gets focus; never the browser's bubbles.
    <form ref={fieldErrors.formRef} className="auth-form" noValidate onSubmit={submit}>
      <MethodToggle label="Login with" value={method} onChange={chooseMethod} disabled={pending} />
      <InputField
        label={contactLabel(method)}
        error={fieldErrors.errors[credentialName]}
        name={credentialName}
        type={method === 'email' ? 'email' : 'tel'}
        inputMode={method === 'email' ? 'email' : 'tel'}
        autoComplete={method === 'email' ? 'email' : 'tel-national'}
        required
        maxLength={method === 'email' ? 254 : 20}
        value={credential}
        onChange={(event) => {
          setCredential(event.target.value);
          fieldErrors.clear(credentialName);
        }}
      />
      <InputField
        label="Password"
        error={fieldErrors.errors.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={128}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          fieldErrors.clear('password');
        }}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
