import type { ReactNode } from 'react';
import type { Order } from '../../../../contracts/orders';
import { buttonClassName } from '../../../components/button';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';

type OrderItem = Order['items'][number];

/**
 * docs/product.md#review-pages: "Write a review" beside each item of a delivered order, in My Orders and on the
 * order's page; the review page says why not when a return took the product back (docs/product.md#review-eligibility).
 */
export function writeReviewAction(order: Order): ((item: OrderItem) => ReactNode) | undefined {
  if (order.status !== 'delivered') return undefined;
  return (item) => (
    <Link
      className={buttonClassName('secondary')}
      to={`${paths.review}?product=${item.productId}`}
      aria-label={`Write a review of ${item.title}`}
    >
      Write a review
    </Link>
  );
}
