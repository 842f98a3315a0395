import { lazy, Suspense, useEffect } from 'react';
import { Button } from '../../components/button';
import { isProductId, useProduct } from '../../features/catalogue/api/get-product';
import { ProductDetail } from '../../features/catalogue/components/product-detail';
import { ProductNotFound } from '../../features/catalogue/components/product-not-found';
import { CheckDelivery } from '../../features/location/components/check-delivery';
import { ProductReviewsSection } from '../../features/reviews/components/product-reviews-section';
import { useParams } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useReturnWindowDays } from '../../lib/use-return-window';
import { useShopState } from '../shop-state/shop-state-provider';

// docs/product.md#notify-me: a chunk of its own, fetched only for a product out of stock.
const NotifyMe = lazy(() =>
  import('../../features/winback/components/notify-me').then((module) => ({ default: module.NotifyMe })),
);

export function ProductRoute() {
  const { id } = useParams();
  const product = useProduct(id);
  const shopState = useShopState();
  const returnDays = useReturnWindowDays();
  const notFound = !isProductId(id) || product.data === null;
  useDocumentTitle(notFound ? 'Product not found' : product.data?.title);

  // docs/product.md#screens Product detail: the page scrolls to top on load (of each product).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each product id on purpose.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  if (notFound) return <ProductNotFound />;

  if (product.data) {
    return (
      <>
        <ProductDetail
          product={product.data}
          inCart={shopState.isInCart(product.data.id)}
          inWishlist={shopState.isInWishlist(product.data.id)}
          onToggleCart={shopState.toggleCart}
          onToggleWishlist={shopState.toggleWishlist}
          deliveryCheck={<CheckDelivery />}
          outOfStockAction={
            <Suspense fallback={null}>
              <NotifyMe productId={product.data.id} />
            </Suspense>
          }
          returnDays={returnDays}
        />
        <ProductReviewsSection product={product.data} />
      </>
    );
  }

  if (product.isError) {
    return (
      <div className="message-page" role="alert">
        <h1>Could not load this mitten</h1>
        <p className="error-text">{product.error.message}</p>
        <Button onClick={() => product.refetch()}>Try again</Button>
      </div>
    );
  }

  return (
    <p className="status-text page" role="status">
      Loading…
    </p>
  );
}
