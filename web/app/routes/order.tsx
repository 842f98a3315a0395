import { buttonClassName } from '../../components/button';
import { useOrder } from '../../features/orders/api/get-order';
import { OrderCard } from '../../features/orders/components/order-card';
import { OrderStateText, orderHeadline } from '../../features/orders/components/order-state';
import { writeReviewAction } from '../../features/reviews/components/write-review-link';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Link, useParams } from '../../lib/router';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../features/orders/components/orders.css';
import { SignInFirst } from '../../features/auth/components/sign-in-first';

function AllOrdersLink() {
  return (
    <Link className={buttonClassName('secondary')} to={paths.orders}>
      All my orders
    </Link>
  );
}

/**
 * docs/product.md#the-order-page: one order with its real state, where the order e-mails and SMS link. A visitor
 * signs in first and comes back here; an order that is not the shopper's is "Order not found".
 */
export function OrderRoute() {
  const { orderId = '' } = useParams();
  const user = useSessionUser();
  const order = useOrder(orderId, user !== null);
  useDocumentTitle(order.data ? `Order ${order.data.orderNumber}` : 'Your order');

  if (!user) return <SignInFirst returnTo={paths.order(orderId)} />;
  if (order.isPending) {
    return (
      <p className="status-text page" role="status">
        Loading order...
      </p>
    );
  }
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div className="message-page" role="alert">
        <h1>{notFound ? 'Order not found' : 'Your order'}</h1>
        <p className={notFound ? undefined : 'error-text'}>
          {notFound
            ? 'This order is not one of the orders of the account you are signed in with.'
            : order.error.message}
        </p>
        <AllOrdersLink />
      </div>
    );
  }

  return (
    <section className="container page orders-page" aria-labelledby="order-title">
      <h1 id="order-title">{orderHeadline(order.data)}</h1>
      <OrderStateText order={order.data} />
      <div className="orders-page__list">
        <OrderCard order={order.data} itemAction={writeReviewAction(order.data)} />
      </div>
      <AllOrdersLink />
    </section>
  );
}
