import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountBlockedMessage } from '../../../../contracts/account-blocked';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useNavigate } from '../../../lib/router';
import { useSessionUser } from '../../../lib/session';
import { isProfileIncomplete, isSignedIn, refreshSessionProfile, signOutLocally } from '../local-session';
import { hasSignedInHint } from '../signed-in-hint';

// docs/product.md#numbers-and-timings: the profile is re-fetched 1 s after load and every 300000 ms.
const FIRST_REFRESH_MS = 1000;
const REFRESH_EVERY_MS = 300_000;
const INCOMPLETE_REFRESH_MS = 1000;

/**
 * docs/product.md#behaviour Session: the stored user shows at once (web/lib/session.ts); the profile is read at start
 * (when a user is stored or the signed-in hint cookie is there), 1 s
 * later, every 5 minutes, and 1 s after a read that finds it incomplete; a 401 signs out and goes home.
 */
export function useSessionKeeper(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedIn = useSessionUser() !== null;

  // docs/product.md#messages: a 401 clears the session and goes to /; a visitor (nobody signed in) stays where they are.
  useEffect(() => {
    setUnauthorizedHandler((serverMessage) => {
      if (!isSignedIn()) return;
      signOutLocally(queryClient);
      // docs/product.md#customers: a shopper blocked mid-session is told why in the login popup.
      navigate(serverMessage === accountBlockedMessage ? paths.loginBlocked : paths.home);
    });
    return () => setUnauthorizedHandler(() => {});
  }, [queryClient, navigate]);

  // At start: the cookie, not the stored copy, says who is signed in; but only a stored user or the
  // signed-in hint is worth the read, so a visitor's page asks nothing that answers 401
  // (docs/architecture.md#signed-in-hint).
  useEffect(() => {
    if (isSignedIn() || hasSignedInHint()) void refreshSessionProfile(queryClient);
  }, [queryClient]);

  useEffect(() => {
    if (!signedIn) return;
    const timers = new Set<number>();
    // Once per sign-in: a Google account has no address until the shopper adds one, so re-reading an
    // incomplete profile every second would poll for ever.
    let incompleteRetried = false;
    const refresh = async () => {
      const user = await refreshSessionProfile(queryClient);
      if (user && isProfileIncomplete(user) && !incompleteRetried) {
        incompleteRetried = true;
        timers.add(window.setTimeout(refresh, INCOMPLETE_REFRESH_MS));
      }
    };
    timers.add(window.setTimeout(refresh, FIRST_REFRESH_MS));
    const interval = window.setInterval(refresh, REFRESH_EVERY_MS);
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
      window.clearInterval(interval);
    };
  }, [signedIn, queryClient]);
}
