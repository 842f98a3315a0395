import { useEffect, useRef, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { authMessages } from '../../../../contracts/auth-rules';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/get-public-config';
import { signInWithGoogle } from '../api/sign-in-with-google';
import { GoogleSignInError, googleFailedMessage, googleNoUserMessage } from '../google/google-errors';
import { renderGoogleButton } from '../google/google-identity';
import { openSimulatorChooser } from '../google/simulator-popup';
import { authErrorMessage, type ShowFeedback } from './feedback';

interface GoogleSignInProps {
  onFeedback: ShowFeedback;
  onLoggedIn: (user: User) => void;
}

function googleErrorText(error: unknown): string {
  // The server's reasons (an unverified Google e-mail) are worth showing; anything else gets the text in docs/product.md#messages.
  if (error instanceof GoogleSignInError || error instanceof ApiError) return authErrorMessage(error);
  return googleFailedMessage;
}

/** docs/product.md#messages Google: the credential goes to the server, whose reply must carry the user. */
async function completeGoogleSignIn(credential: string): Promise<User> {
  if (!credential) throw new GoogleSignInError('invalid_credential', authMessages.googleInvalid);
  const reply = await signInWithGoogle(credential);
  if (!reply.user?._id) throw new GoogleSignInError('no_user', googleNoUserMessage);
  return reply.user;
}

/**
 * Sign in with Google: Google's own button (Google Identity Services) when the server has a real client id,
 * otherwise our button opening the server's test account chooser in a popup.
 */
export function GoogleSignIn({ onFeedback, onLoggedIn }: GoogleSignInProps) {
  const config = usePublicConfig();
  const [pending, setPending] = useState(false);

  async function finish(credentialPromise: Promise<string>) {
    onFeedback(null);
    setPending(true);
    try {
      onLoggedIn(await completeGoogleSignIn(await credentialPromise));
    } catch (error) {
      onFeedback({ kind: 'error', text: googleErrorText(error) });
    } finally {
      setPending(false);
    }
  }

  const google = config.data?.google;
  if (google?.mode === 'google' && google.clientId) {
    return (
      <GoogleIdentityButton
        clientId={google.clientId}
        onCredential={(credential) => void finish(Promise.resolve(credential))}
        onFailure={(error) => onFeedback({ kind: 'error', text: googleErrorText(error) })}
      />
    );
  }

  return (
    <Button
      variant="secondary"
      className="google-button"
      disabled={pending || config.isPending}
      onClick={() => {
        if (!google) {
          onFeedback({ kind: 'error', text: googleFailedMessage });
          return;
        }
        // Opened in the click itself: a popup opened after an await is blocked.
        void finish(openSimulatorChooser());
      }}
    >
      {pending ? 'Signing in...' : 'Sign in with Google'}
    </Button>
  );
}

interface GoogleIdentityButtonProps {
  clientId: string;
  onCredential: (credential: string) => void;
  onFailure: (error: unknown) => void;
}

function GoogleIdentityButton({ clientId, onCredential, onFailure }: GoogleIdentityButtonProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  // Google keeps the first callback it is given; these refs let it reach the latest props.
  const onCredentialRef = useRef(onCredential);
  const onFailureRef = useRef(onFailure);
  onCredentialRef.current = onCredential;
  onFailureRef.current = onFailure;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let active = true;
    renderGoogleButton(host, clientId, (credential) => {
      if (active) onCredentialRef.current(credential);
    }).catch((error: unknown) => {
      if (active) onFailureRef.current(error);
    });
    return () => {
      active = false;
    };
  }, [clientId]);

  return <div ref={hostRef} className="google-button-host" />;
}
