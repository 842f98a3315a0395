import { useCallback, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { authMessages } from '../../../../contracts/auth-rules';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { setSessionUser } from '../../../lib/session';
import { logInWithCode } from '../api/log-in-with-code';
import { resetPassword } from '../api/reset-password';
import type { VerifiedContact } from './contact-verification';
import { type Feedback, FeedbackBanner } from './feedback';
import { GoogleSignIn } from './google-sign-in';
import { LoginForm } from './login-form';
import type { ContactMethod } from './method-toggle';
import { type CodeSubmission, OneTimeCodeForm } from './one-time-code-form';
import { PhoneSignIn, type PhoneSignInStep } from './phone-sign-in';
import { SignupForm } from './signup-form';
import './auth-modal.css';

export type AuthMode = 'login' | 'signup';

/** The login view's two ways without a password: log in with a code, or set a new password with one. */
type AuthView = AuthMode | 'code' | 'reset';

const viewTitles: Record<AuthView, string> = {
  login: 'Login',
  signup: 'Sign Up',
  code: 'Login with OTP',
  reset: 'Reset password',
};

const userIdMissing = 'Login successful but user ID not received. Please try again.';

export interface AuthModalProps {
  open: boolean;
  onClose: () => void;
  onLoginSuccess: (user: User) => void;
  initialMode: AuthMode;
  /** An error to open with (docs/product.md#customers: why a blocked shopper was signed out). */
  initialNotice?: string;
}

interface LoginPrefill {
  method: ContactMethod;
  credential: string;
}

/** docs/product.md#screens Login/signup modal. Each view's form starts afresh whenever the view changes. */
export function AuthModal({ open, onClose, onLoginSuccess, initialMode, initialNotice }: AuthModalProps) {
  const [mode, setMode] = useState<AuthView>(initialMode);
  const [feedback, setFeedback] = useState<Feedback | null>(
    initialNotice ? { kind: 'error', text: initialNotice } : null,
  );
  const [loginPrefill, setLoginPrefill] = useState<LoginPrefill | undefined>();
  // docs/product.md#password-reset: signed in after the reset; the modal says other devices were signed out.
  const [resetUser, setResetUser] = useState<User | null>(null);
  // docs/product.md#one-step-sign-in: once the code went out the modal shows only the phone sign-in.
  const [phoneStep, setPhoneStep] = useState<PhoneSignInStep>('number');
  const phoneUnderway = mode === 'login' && phoneStep !== 'number';
  const showPhoneStep = useCallback((step: PhoneSignInStep) => setPhoneStep(step), []);

  // docs/product.md#behaviour: switching between login and signup clears errors and OTP state and resets the method to email.
  function switchTo(next: AuthView) {
    setMode(next);
    setFeedback(null);
    setLoginPrefill(undefined);
    setPhoneStep('number');
  }

  async function logInByCode({ target, otp }: CodeSubmission) {
    const reply = await logInWithCode(target, otp);
    if (reply.user?._id) onLoginSuccess(reply.user);
    else setFeedback({ kind: 'error', text: userIdMissing });
  }

  async function resetByCode({ target, otp, password }: CodeSubmission) {
    const reply = await resetPassword(target, otp, password);
    if (!reply.user?._id) {
      setFeedback({ kind: 'error', text: userIdMissing });
      return;
    }
    setSessionUser(reply.user);
    setResetUser(reply.user);
    setFeedback({ kind: 'success', text: reply.message ?? '' });
  }

  // docs/product.md#behaviour: signup without a session goes to the login view, with the success banner and the contact kept.
  function showLoginAfterSignup(contact: VerifiedContact) {
    setMode('login');
    setLoginPrefill({ method: contact.channel === 'email' ? 'email' : 'phone', credential: contact.address });
    setFeedback({ kind: 'success', text: authMessages.signupSuccess });
  }

  return (
    <Dialog open={open} onClose={onClose} title={viewTitles[mode]}>
      <div className="auth-modal">
        <FeedbackBanner feedback={feedback} />
        {resetUser ? (
          <Button onClick={() => onLoginSuccess(resetUser)}>Continue</Button>
        ) : mode === 'code' || mode === 'reset' ? (
          <>
            <OneTimeCodeForm
              key={mode}
              purpose={mode === 'code' ? 'login' : 'reset'}
              withNewPassword={mode === 'reset'}
              submitLabel={mode === 'code' ? 'Login' : 'Set new password'}
              pendingLabel={mode === 'code' ? 'Logging in...' : 'Saving...'}
              onFeedback={setFeedback}
              onSubmit={mode === 'code' ? logInByCode : resetByCode}
            />
            <p className="auth-modal__switch">
              <button type="button" className="auth-modal__switch-link" onClick={() => switchTo('login')}>
                Back to login with password
              </button>
            </p>
          </>
        ) : mode === 'login' ? (
          <>
            <PhoneSignIn onFeedback={setFeedback} onLoggedIn={onLoginSuccess} onStepChange={showPhoneStep} />
            {!phoneUnderway && (
              <>
                <p className="auth-modal__divider">
                  <span>or with your e-mail or phone and password</span>
                </p>
                <LoginForm
                  key={loginPrefill ? `login-${loginPrefill.credential}` : 'login'}
                  initialMethod={loginPrefill?.method}
                  initialCredential={loginPrefill?.credential}
                  onFeedback={setFeedback}
                  onLoggedIn={onLoginSuccess}
                />
                <p className="auth-modal__links">
                  <button type="button" className="auth-modal__switch-link" onClick={() => switchTo('code')}>
                    Login with OTP instead
                  </button>
                  <button type="button" className="auth-modal__switch-link" onClick={() => switchTo('reset')}>
                    Forgot password?
                  </button>
                </p>
              </>
            )}
          </>
        ) : (
          <SignupForm
            onFeedback={setFeedback}
            onLoggedIn={onLoginSuccess}
            onSignedUpWithoutSession={showLoginAfterSignup}
          />
        )}
        {!resetUser && !phoneUnderway && (
          <>
            <p className="auth-modal__divider">
              <span>or</span>
            </p>
            <GoogleSignIn onFeedback={setFeedback} onLoggedIn={onLoginSuccess} />
            <p className="auth-modal__switch">
              {mode === 'signup' ? 'Already have an account?' : "Don't have an account?"}{' '}
              <button
                type="button"
                className="auth-modal__switch-link"
                onClick={() => switchTo(mode === 'signup' ? 'login' : 'signup')}
              >
                {mode === 'signup' ? 'Login' : 'Sign Up'}
              </button>
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}
