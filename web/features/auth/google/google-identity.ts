import { GoogleSignInError } from './google-errors';

// Google Identity Services (the CSP allows it only when GOOGLE_CLIENT_ID is set: server/plugins/security.ts).
const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

interface CredentialResponse {
  credential?: string;
}

interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (response: CredentialResponse) => void }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

let scriptLoad: Promise<GoogleAccountsId> | undefined;

function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  scriptLoad ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const api = window.google?.accounts.id;
      if (api) resolve(api);
      else reject(new GoogleSignInError('script_failed'));
    };
    script.onerror = () => {
      scriptLoad = undefined;
      script.remove();
      reject(new GoogleSignInError('script_failed'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

/**
 * Renders Google's own "Sign in with Google" button into `parent`; each sign-in hands its ID token (or '' when
 * Google sent none) to `onCredential`.
 */
export async function renderGoogleButton(
  parent: HTMLElement,
  clientId: string,
  onCredential: (credential: string) => void,
): Promise<void> {
  const api = await loadGoogleIdentity();
  api.initialize({ client_id: clientId, callback: (response) => onCredential(response.credential ?? '') });
  api.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text: 'signin_with',
    width: Math.min(parent.clientWidth || 320, 400),
  });
}
