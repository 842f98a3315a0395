import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlacedCodOrder } from '../../../contracts/cod';
import type { Order } from '../../../contracts/orders';
import { Button, buttonClassName } from '../../components/button';
import { profileQueryOptions } from '../../features/auth/api/get-profile';
import { confirmCodOrder, resendCodOtp } from '../../features/checkout/api/cod';
import { CodConfirmDialog } from '../../features/checkout/components/cod-confirm-dialog';
import { useMyOrders } from '../../features/orders/api/get-my-orders';
import { OrderCard } from '../../features/orders/components/order-card';
import { usePlaceOrder } from '../../features/payment/use-place-order';
import { writeReviewAction } from '../../features/reviews/components/write-review-link';
import { Link } from '../../lib/router';
import '../../features/orders/components/orders.css';
import { SignInFirst } from '../../features/auth/components/sign-in-first';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** docs/product.md#screens My Orders; a visitor is sent to /login, to come back here after logging in. */
export function OrdersRoute() {
  useDocumentTitle('My Orders');
  const user = useSessionUser();
  const orders = useMyOrders(user !== null);
  const queryClient = useQueryClient();
  // docs/product.md#cash-on-delivery: a COD order left unconfirmed at checkout is confirmed here, by a new OTP.
  const [confirming, setConfirming] = useState<PlacedCodOrder | null>(null);
  const [paymentNotice, setPaymentNotice] = useState<string | null>(null);
  const payAdvance = usePlaceOrder(setPaymentNotice);

  async function askToConfirm(order: Order) {
    setPaymentNotice(null);
    let placed: PlacedCodOrder;
    try {
      placed = await resendCodOtp(order.orderId);
    } catch (failure) {
      // No new OTP now (asked too often): the one sent before may still be typed.
      setConfirming({
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        totalPaise: order.totalPaise,
        advance: null,
        otpSent: false,
        message: failure instanceof Error ? failure.message : String(failure),
        confirmBy: order.codConfirmBy ?? '',
        replacedOrderNumbers: [],
        replacedMessage: null,
      });
      return;
    }
    // docs/product.md#part-paid-cod: an order waiting for its advance is confirmed by paying it.
    const { advance } = placed;
    if (!advance) {
      setConfirming(placed);
      return;
    }
    await payAdvance(async () => advance).catch((failure: unknown) =>
      setPaymentNotice(failure instanceof Error ? failure.message : String(failure)),
    );
  }

  async function confirm(otp: string) {
    if (!confirming) return;
    await confirmCodOrder(confirming.orderId, otp);
    await orders.refetch();
    setConfirming(null);
  }

  if (!user) return <SignInFirst returnTo={paths.orders} />;
  if (orders.isPending) {
    return (
      <p className="status-text page" role="status">
        Loading orders...
      </p>
    );
  }

  if (orders.isError) {
    return (
      <div className="message-page" role="alert">
        <h1>My Orders</h1>
        <p className="error-text">{orders.error.message}</p>
        <Button onClick={() => orders.refetch()}>Try again</Button>
      </div>
    );
  }

  return (
    <section className="container page orders-page" aria-labelledby="orders-title">
      <h1 id="orders-title">My Orders</h1>
      {paymentNotice && (
        <p className="error-text" role="alert">
          {paymentNotice}
        </p>
      )}
      {orders.data.length === 0 ? (
        <div className="message-page">
          <h2>No orders found</h2>
          <p>Your order history will appear here once you place an order.</p>
          {/* The original client's debug button (docs/product.md#screens) fetched the profile; here it reads the profile and the orders again. */}
          <Button
            variant="secondary"
            disabled={orders.isFetching}
            onClick={async () => {
              await queryClient.refetchQueries({ queryKey: profileQueryOptions.queryKey });
              await orders.refetch();
            }}
          >
            Refresh
          </Button>
          <Link className={buttonClassName()} to={paths.home}>
            SHOP NOW
          </Link>
        </div>
      ) : (
        <div className="orders-page__list">
          {orders.data.map((order) => (
            <OrderCard
              key={order.orderId}
              order={order}
              onConfirmCod={() => askToConfirm(order)}
              itemAction={writeReviewAction(order)}
            />
          ))}
        </div>
      )}
      {confirming && (
        <CodConfirmDialog
          placed={confirming}
          onConfirm={confirm}
          onResend={async () => (await resendCodOtp(confirming.orderId)).message}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
