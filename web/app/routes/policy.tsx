import { usePolicyFacts } from '../../features/policies/api/get-policy-facts';
import { PolicyPage } from '../../features/policies/components/policy-page';
import { policies } from '../../features/policies/policy-content';
import { useLocation } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotFoundRoute } from './not-found';

export function PolicyRoute() {
  const { pathname } = useLocation();
  const policy = policies.find((entry) => entry.path === pathname);
  const facts = usePolicyFacts();
  useDocumentTitle(policy?.title);

  if (!policy) return <NotFoundRoute />;
  // The server's page carries the facts (docs/architecture.md#pages-as-html); only a page reached in the app waits.
  if (!facts.data) {
    return (
      <p className="status-text page" role="status">
        {facts.isError ? facts.error.message : 'Loading...'}
      </p>
    );
  }
  return <PolicyPage policy={policy} facts={facts.data} />;
}
