import { paths } from '../../../lib/paths';
import { Navigate } from '../../../lib/router';
import { useAwaitingFirstProfile } from '../local-session';

/**
 * docs/product.md#screens: a page for signed-in shoppers sends a visitor to sign in and back to `returnTo`;
 * while the page's first profile read may still sign them in (docs/architecture.md#signed-in-hint), it waits.
 */
export function SignInFirst({ returnTo }: { returnTo: string }) {
  const awaiting = useAwaitingFirstProfile();
  if (awaiting) {
    return (
      <p className="status-text page" role="status">
        Loading…
      </p>
    );
  }
  return <Navigate to={paths.loginReturningTo(returnTo)} replace />;
}
