import { type FormEvent, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { messages } from '../../../../contracts/messages';
import { normalizeIndianPhone } from '../../../../contracts/phone';
import { Button } from '../../../components/button';
import { type LoginCredentials, logIn } from '../api/log-in';
import { authErrorMessage, type ShowFeedback } from './feedback';
import { type ContactMethod, contactLabel, MethodToggle } from './method-toggle';
import { TextField } from './text-field';

const userIdMissing = 'Login successful but user ID not received. Please try again.';

interface LoginFormProps {
  initialMethod?: ContactMethod;
  initialCredential?: string;
  onFeedback: ShowFeedback;
  onLoggedIn: (user: User) => void;
}

type CredentialsResult = { ok: true; credentials: LoginCredentials } | { ok: false; message: string };

/** spec §5: an e-mail has an at-sign; a phone is normalised to its 10 digits. */
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

  function chooseMethod(next: ContactMethod) {
    if (next === method) return;
    setMethod(next);
    setCredential('');
    onFeedback(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = credentialsFor(method, credential, password);
    if (!result.ok) {
      onFeedback({ kind: 'error', text: result.message });
      return;
    }
    onFeedback(null);
    setPending(true);
    try {
      const reply = await logIn(result.credentials);
      if (reply.user?._id) onLoggedIn(reply.user);
      else onFeedback({ kind: 'error', text: userIdMissing });
    } catch (error) {
      onFeedback({ kind: 'error', text: authErrorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={submit}>
      <MethodToggle label="Login with" value={method} onChange={chooseMethod} disabled={pending} />
      <TextField
        label={contactLabel(method)}
        name={method === 'email' ? 'email' : 'mobile'}
        type={method === 'email' ? 'email' : 'tel'}
        inputMode={method === 'email' ? 'email' : 'tel'}
        autoComplete={method === 'email' ? 'email' : 'tel-national'}
        required
        maxLength={method === 'email' ? 254 : 20}
        value={credential}
        onChange={(event) => setCredential(event.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={128}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
