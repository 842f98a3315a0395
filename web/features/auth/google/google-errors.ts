/** docs/product.md#messages Google: the messages for the error codes a Google sign-in window reports. */
const googleErrorMessages: Record<string, string> = {
  popup_closed_by_user: 'Login cancelled. Please try again.',
  access_denied: 'Access denied. Please check your Google account permissions.',
  popup_blocked: 'Popup blocked by browser. Please allow popups and try again.',
  invalid_client: 'Invalid Google configuration. Please contact support.',
  origin_not_allowed: 'Origin not allowed. Please check your Google Cloud Console settings.',
};

export const googleFailedMessage = 'Google login failed. Please try again.';
export const googleNoUserMessage = 'No user data received from backend';

/** A failure of the Google window itself, carrying Google's error code. */
export class GoogleSignInError extends Error {
  readonly code: string;

  constructor(code: string, message = googleErrorMessages[code] ?? googleFailedMessage) {
    super(message);
    this.name = 'GoogleSignInError';
    this.code = code;
  }
}
