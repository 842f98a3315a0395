import { Suspense } from 'react';
import type { Product } from '../../../../contracts/catalogue';
import { lazyAfterLoad } from '../../../lib/lazy-after-load';

// docs/operations.md#performance-budget: the reviews (summary, distribution, sorting, photos, votes, "more") are
// a chunk of their own, asked for once the page has loaded; the product's average and count show with the page
// (ProductRating). A page the server rendered shows its reviews as HTML, the ones its JSON-LD names, until the
// chunk arrives and hydrates them.
const ProductReviews = lazyAfterLoad(() =>
  import('./product-reviews').then((module) => module.ProductReviews),
);

export function ProductReviewsSection({ product }: { product: Product }) {
  return (
    <Suspense fallback={<p className="container status-text">Loading reviews…</p>}>
      <ProductReviews product={product} />
    </Suspense>
  );
}
