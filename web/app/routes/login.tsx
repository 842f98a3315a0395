import { useEffect } from 'react';
import { accountBlockedMessage } from '../../../contracts/auth-rules';
import { safeReturnTo } from '../../features/auth/return-to';
import { paths } from '../../lib/paths';
import { useNavigate, useSearchParams } from '../../lib/router';
import { getSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLoginPrompt } from '../shop-state/login-prompt';
import { HomeRoute } from './home/home';

/**
 * /login: the login modal over the home page. After logging in the shopper goes to `returnTo` (a path on
 * this site only) or home; closing the modal goes home.
 */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('returnTo')) ?? paths.home;
  const notice = searchParams.get('reason') === 'blocked' ? accountBlockedMessage : undefined;
  const { openLogin } = useLoginPrompt();
  const navigate = useNavigate();
  useDocumentTitle('Login');

  useEffect(() => {
    if (getSessionUser()) {
      navigate(returnTo, { replace: true });
      return;
    }
    openLogin({ mode: 'login', returnTo, notice, onDismiss: () => navigate(paths.home, { replace: true }) });
  }, [openLogin, navigate, returnTo, notice]);

  return <HomeRoute />;
}
