import { useMemo } from 'react';
import { Button } from '../../components/button';
import { SignInFirst } from '../../features/auth/components/sign-in-first';
import { useOptOut } from '../../features/reviews/api/opt-out-of-review-requests';
import { reviewClient } from '../../features/reviews/api/review-author';
import { MyReviews } from '../../features/reviews/components/my-reviews';
import { paths } from '../../lib/paths';
import { Link, useLocation, useSearchParams } from '../../lib/router';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A review request's "not for you" link: opening it stops nothing (link scanners open links too); the press does. */
function StopReviewRequests({ token }: { token: string }) {
  const client = useMemo(() => reviewClient(token), [token]);
  const optOut = useOptOut(client);
  return (
    <section className="container page message-page" aria-labelledby="review-stop-title">
      <h1 id="review-stop-title">No more review requests?</h1>
      {optOut.isSuccess ? (
        <p role="status">{optOut.data.message}</p>
      ) : (
        <>
          <p>
            We ask for a review a few days after a delivery. Press the button and we will not ask you again.
          </p>
          <Button disabled={optOut.isPending} onClick={() => optOut.mutate()}>
            Stop review requests
          </Button>
        </>
      )}
      {optOut.isError ? (
        <p className="error-text" role="alert">
          {optOut.error.message}
        </p>
      ) : null}
    </section>
  );
}

/**
 * docs/product.md#reviews: the review form. A review request's link (`?token=…`) opens it for its order without
 * signing in (`&stop=1`: the opt-out instead); My Orders opens it for one product (`?product=…`), signed in.
 */
export function ReviewRoute() {
  useDocumentTitle('Write a review');
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const token = searchParams.get('token') || null;
  const productParam = Number(searchParams.get('product'));
  const productId = Number.isInteger(productParam) && productParam > 0 ? productParam : null;
  const user = useSessionUser();
  const client = useMemo(() => reviewClient(token), [token]);

  if (token && searchParams.get('stop') === '1') return <StopReviewRequests token={token} />;
  if (!token && !user) return <SignInFirst returnTo={`${pathname}${search}`} />;

  return (
    <section className="container page" aria-labelledby="review-title">
      <h1 id="review-title">Write a review</h1>
      <p className="order-card__meta">
        Tell other shoppers how you find it. Your review shows as from a verified buyer: you received the
        product.
      </p>
      <MyReviews client={client} linkToken={token} productId={productId} />
      {token ? null : (
        <p>
          <Link to={paths.orders}>Back to My Orders</Link>
        </p>
      )}
    </section>
  );
}
