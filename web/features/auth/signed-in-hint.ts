import { SIGNED_IN_HINT_COOKIE } from '../../../contracts/session-hint';

/**
 * docs/architecture.md#signed-in-hint: whether the server's readable hint cookie says a session may be
 * here. Without it (and without a stored user) the page does not ask for the profile, so a visitor's page
 * makes no request that fails.
 */
export function hasSignedInHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
