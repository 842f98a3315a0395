import { useState } from 'react';
import { authMessages, type User } from '../../../../contracts/auth';
import { Dialog } from '../../../components/dialog/dialog';
import type { VerifiedContact } from './contact-verification';
import { type Feedback, FeedbackBanner } from './feedback';
import { GoogleSignIn } from './google-sign-in';
import { LoginForm } from './login-form';
import type { ContactMethod } from './method-toggle';
import { SignupForm } from './signup-form';
import './auth-modal.css';

export type AuthMode = 'login' | 'signup';

export interface AuthModalProps {
  open: boolean;
  onClose: () => void;
  onLoginSuccess: (user: User) => void;
  initialMode: AuthMode;
}

interface LoginPrefill {
  method: ContactMethod;
  credential: string;
}

/** docs/product.md#screens Login/signup modal. Each view's form starts afresh whenever the view changes. */
export function AuthModal({ open, onClose, onLoginSuccess, initialMode }: AuthModalProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [loginPrefill, setLoginPrefill] = useState<LoginPrefill | undefined>();

  // docs/product.md#behaviour: switching between login and signup clears errors and OTP state and resets the method to email.
  function switchTo(next: AuthMode) {
    setMode(next);
    setFeedback(null);
    setLoginPrefill(undefined);
  }

  // docs/product.md#behaviour: signup without a session goes to the login view, with the success banner and the contact kept.
  function showLoginAfterSignup(contact: VerifiedContact) {
    setMode('login');
    setLoginPrefill({ method: contact.channel === 'email' ? 'email' : 'phone', credential: contact.address });
    setFeedback({ kind: 'success', text: authMessages.signupSuccess });
  }

  return (
    <Dialog open={open} onClose={onClose} title={mode === 'login' ? 'Login' : 'Sign Up'}>
      <div className="auth-modal">
        <FeedbackBanner feedback={feedback} />
        {mode === 'login' ? (
          <LoginForm
            key={loginPrefill ? `login-${loginPrefill.credential}` : 'login'}
            initialMethod={loginPrefill?.method}
            initialCredential={loginPrefill?.credential}
            onFeedback={setFeedback}
            onLoggedIn={onLoginSuccess}
          />
        ) : (
          <SignupForm
            onFeedback={setFeedback}
            onLoggedIn={onLoginSuccess}
            onSignedUpWithoutSession={showLoginAfterSignup}
          />
        )}
        <p className="auth-modal__divider">
          <span>or</span>
        </p>
        <GoogleSignIn onFeedback={setFeedback} onLoggedIn={onLoginSuccess} />
        <p className="auth-modal__switch">
          {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
          <button
            type="button"
            className="auth-modal__switch-link"
            onClick={() => switchTo(mode === 'login' ? 'signup' : 'login')}
          >
            {mode === 'login' ? 'Sign Up' : 'Login'}
          </button>
        </p>
      </div>
    </Dialog>
  );
}
