import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { optOutOfReminders } from '../../features/winback/api/opt-out-of-reminders';
import { resumeCheckout } from '../../features/winback/api/resume-checkout';
import { paths } from '../../lib/paths';
import { useNavigate } from '../../lib/router';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLoginPrompt } from '../shop-state/login-prompt';

// docs/product.md#winback-links: where a checkout reminder's two links open (/profile?resume= and ?opt-out=).
// Resume brings the checkout's cart and code back (after signing in) and goes on to checkout, or to the cart when
// it changed since; opt-out stops the reminders at once, without signing in.

export function ReminderLinkPage({ action, token }: { action: 'resume' | 'opt-out'; token: string }) {
  return action === 'opt-out' ? <OptOut token={token} /> : <Resume token={token} />;
}

/** Runs `task` once per token (StrictMode and re-renders included), keeping its outcome. */
function useOnce<T>(token: string, run: boolean, task: () => Promise<T>) {
  const [outcome, setOutcome] = useState<{ value?: T; error?: string } | null>(null);
  const started = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per token, when allowed to run.
  useEffect(() => {
    if (!run || started.current === token) return;
    started.current = token;
    task().then(
      (value) => setOutcome({ value }),
      (error: unknown) => setOutcome({ error: error instanceof Error ? error.message : String(error) }),
    );
  }, [run, token]);
  return outcome;
}

function Resume({ token }: { token: string }) {
  useDocumentTitle('Back to your checkout');
  const signedIn = useSessionUser() !== null;
  const { openLogin } = useLoginPrompt();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const outcome = useOnce(token, signedIn, () => resumeCheckout(token));
  useEffect(() => {
    const reply = outcome?.value;
    if (!reply) return;
    void queryClient
      .invalidateQueries()
      .then(() => navigate(reply.to === 'checkout' ? paths.checkout : paths.cart, { replace: true }));
  }, [outcome, navigate, queryClient]);

  if (!signedIn) {
    return (
      <div className="message-page">
        <h1>Back to your checkout</h1>
        <p>Sign in to go back to your checkout with your cart as you left it.</p>
        <Button onClick={() => openLogin({ mode: 'login' })}>Login</Button>
      </div>
    );
  }
  if (outcome?.error) {
    return (
      <div className="message-page" role="alert">
        <h1>Back to your checkout</h1>
        <p className="error-text">{outcome.error}</p>
        <Button onClick={() => navigate(paths.cart)}>Go to your cart</Button>
      </div>
    );
  }
  return (
    <p className="status-text page" role="status">
      Getting your cart ready…
    </p>
  );
}

function OptOut({ token }: { token: string }) {
  useDocumentTitle('Checkout reminders');
  const outcome = useOnce(token, true, () => optOutOfReminders(token));
  return (
    <div className="message-page" role={outcome?.error ? 'alert' : 'status'}>
      <h1>Checkout reminders</h1>
      {outcome === null && <p>Turning checkout reminders off…</p>}
      {outcome?.value && <p>{outcome.value.message} You can turn them on again in your profile.</p>}
      {outcome?.error && <p className="error-text">{outcome.error}</p>}
    </div>
  );
}
