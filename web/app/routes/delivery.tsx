import { useMemo } from 'react';
import { ndrMessages } from '../../../contracts/ndr-rules';
import { SignInFirst } from '../../features/auth/components/sign-in-first';
import { type DeliverySource, deliveryClient } from '../../features/delivery/api/delivery-client';
import { DeliveryIssue } from '../../features/delivery/components/delivery-issue';
import { paths } from '../../lib/paths';
import { Link, useLocation, useSearchParams } from '../../lib/router';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

function sourceOf(params: URLSearchParams): DeliverySource | null {
  const token = params.get('token');
  if (token) return { kind: 'link', token };
  const orderId = params.get('order');
  return orderId ? { kind: 'order', orderId } : null;
}

/**
 * docs/product.md#failed-deliveries: a failed delivery's page. The message's link (`?token=…`) opens it without
 * signing in; My Orders opens it for one order (`?order=…`), signed in.
 */
export function DeliveryRoute() {
  useDocumentTitle(ndrMessages.pageTitle);
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const user = useSessionUser();
  const source = sourceOf(searchParams);
  const sourceKey = source ? `${source.kind}:${source.kind === 'link' ? source.token : source.orderId}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the source is the key's; a new object each render
  const delivery = useMemo(() => (source ? deliveryClient(source) : null), [sourceKey]);

  if (source?.kind === 'order' && !user) return <SignInFirst returnTo={`${pathname}${search}`} />;

  return (
    <section className="container page delivery-page" aria-labelledby="delivery-title">
      <h1 id="delivery-title">{ndrMessages.pageTitle}</h1>
      {delivery ? (
        <DeliveryIssue delivery={delivery} />
      ) : (
        <p className="error-text" role="alert">
          {ndrMessages.noIssue}
        </p>
      )}
      <p>
        <Link to={source?.kind === 'order' ? paths.order(source.orderId) : paths.orders}>
          {source?.kind === 'order' ? 'Back to the order' : 'My Orders'}
        </Link>
      </p>
    </section>
  );
}
