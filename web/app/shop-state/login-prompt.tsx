import { createContext, lazy, type ReactNode, Suspense, use, useMemo, useState } from 'react';
import type { User } from '../../../contracts/auth';
import { pageHeading, rescueFocusTo } from '../../lib/focus-rescue';
import { useNavigate } from '../../lib/router';
import { setSessionUser } from '../../lib/session';

// The modal, its forms and zod load on the first open, not with the home page (bundle budget).
const AuthModal = lazy(() =>
  import('../../features/auth/components/auth-modal').then((module) => ({ default: module.AuthModal })),
);

export interface LoginPromptOptions {
  mode?: 'login' | 'signup';
  /** Where to go after a successful login (e.g. /wishlist); by default the visitor stays where they are. */
  returnTo?: string;
  /** An error the popup opens with, e.g. why a blocked shopper was signed out. */
  notice?: string;
  /** Called when the visitor closes the modal without logging in (the /login page then leaves). */
  onDismiss?: () => void;
}

export interface LoginPrompt {
  openLogin: (options?: LoginPromptOptions) => void;
}

const LoginPromptContext = createContext<LoginPrompt | null>(null);

/** One login modal for the whole app: the header's Login button, visitors' cart and wishlist clicks, /login. */
export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<LoginPromptOptions | null>(null);
  // Counts the openings: each one starts a fresh form (the key), and after the first the modal stays
  // mounted, closed, instead of loading again.
  const [openings, setOpenings] = useState(0);
  // The control that opened the modal, for focus to return to (or the page heading once it is gone).
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();

  const prompt = useMemo<LoginPrompt>(
    () => ({
      openLogin: (options = {}) => {
        setOpenings((count) => count + 1);
        setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
        setRequest(options);
      },
    }),
    [],
  );

  function dismiss() {
    const onDismiss = request?.onDismiss;
    setRequest(null);
    onDismiss?.();
  }

  function logInAs(user: User) {
    const returnTo = request?.returnTo;
    setSessionUser(user);
    setRequest(null);
    if (returnTo) {
      navigate(returnTo);
      return;
    }
    // Logging in replaces the header's Login button: focus must not fall to the page body.
    rescueFocusTo(() => (opener?.isConnected ? opener : pageHeading()));
  }

  return (
    <LoginPromptContext value={prompt}>
      {children}
      {openings > 0 && (
        <Suspense fallback={null}>
          <AuthModal
            key={openings}
            open={request !== null}
            initialMode={request?.mode ?? 'login'}
            initialNotice={request?.notice}
            onClose={dismiss}
            onLoginSuccess={logInAs}
          />
        </Suspense>
      )}
    </LoginPromptContext>
  );
}

export function useLoginPrompt(): LoginPrompt {
  const prompt = use(LoginPromptContext);
  if (!prompt) throw new Error('useLoginPrompt must be used inside <LoginPromptProvider>');
  return prompt;
}
