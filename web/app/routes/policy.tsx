import { PolicyPage } from '../../features/policies/components/policy-page';
import { policies } from '../../features/policies/policy-content';
import { useLocation } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotFoundRoute } from './not-found';

export function PolicyRoute() {
  const { pathname } = useLocation();
  const policy = policies.find((entry) => entry.path === pathname);
  useDocumentTitle(policy?.title);

  if (!policy) return <NotFoundRoute />;
  return <PolicyPage policy={policy} />;
}
