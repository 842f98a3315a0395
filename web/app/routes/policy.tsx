import { usePolicyFacts } from '../../features/policies/api/get-policy-facts';
import { PolicyPage } from '../../features/policies/components/policy-page';
import { policies } from '../../features/policies/policy-content';
import { useShopDetails } from '../../lib/get-shop-details';
import { useLocation } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotFoundRoute } from './not-found';

export function PolicyRoute() {
  const { pathname } = useLocation();
  const policy = policies.find((entry) => entry.path === pathname);
  const facts = usePolicyFacts();
  const details = useShopDetails();
  useDocumentTitle(policy?.title);

  if (!policy) return <NotFoundRoute />;
  // The server's page carries the facts and the seller (docs/architecture.md#pages-as-html); only a page reached
  // in the app waits. Without the seller the page still shows its policy.
  if (!facts.data || details.isPending) {
    const error = facts.error ?? null;
    return (
      <p className="status-text page" role="status">
        {error ? error.message : 'Loading...'}
      </p>
    );
  }
  return <PolicyPage policy={policy} facts={facts.data} details={details.data} />;
}
