import type { ReactNode } from 'react';
import type { Product } from '../../../../contracts/catalogue';
import { formatRupees } from '../../../../contracts/format';
import { FREE_SHIPPING_FROM } from '../../../../contracts/pricing';
import { DEFAULT_RETURN_SETTINGS } from '../../../../contracts/return-rules';
import { shop } from '../../../../contracts/shop';
import { Button } from '../../../components/button';
import { Carousel } from '../../../components/carousel/carousel';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { productImages } from '../product-actions';
import { DiscountBadge } from './discount-badge';
import './product-detail.css';
import './stock-note.css';
import { ProductPrice } from './product-price';
import { ProductRating } from './product-rating';
import { ShareButton } from './share-button';
import { WishlistButton } from './wishlist-button';

const DETAIL_IMAGE_SIZE = 600;
// product-detail.css: the whole width on a phone, half of a 75rem page from 48em.
const DETAIL_IMAGE_SIZES = '(min-width: 75rem) 37.5rem, (min-width: 48em) 50vw, 100vw';

interface ProductDetailProps {
  product: Product;
  inCart: boolean;
  inWishlist: boolean;
  onToggleCart: (product: Product) => void;
  onToggleWishlist: (product: Product) => void;
  /** docs/product.md#delivery-promise: the "Check delivery" field, under the buttons. */
  deliveryCheck?: ReactNode;
  /** docs/product.md#notify-me: what stands in for Add to Cart while the product is out of stock. */
  outOfStockAction?: ReactNode;
  /** docs/product.md#returns: the owner's return window, in days. */
  returnDays?: number;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function ProductDetail({
  product,
  inCart,
  inWishlist,
  onToggleCart,
  onToggleWishlist,
  deliveryCheck,
  outOfStockAction,
  returnDays = DEFAULT_RETURN_SETTINGS.windowDays,
}: ProductDetailProps) {
  return (
    <article className="product-detail container" aria-labelledby="product-title">
      <div className="product-detail__gallery">
        {/* docs/product.md#screens: one slide at a time, dots, infinite loop, 500 ms. */}
        <Carousel
          items={productImages(product)}
          getKey={(src) => src}
          label={`${product.title} photos`}
          showArrows
          renderItem={(src, index, isCopy) => {
            const first = index === 0 && !isCopy;
            return (
              <ImageWithFallback
                src={src}
                alt={isCopy ? '' : `${product.title}, photo ${index + 1}`}
                width={DETAIL_IMAGE_SIZE}
                height={DETAIL_IMAGE_SIZE}
                sizes={DETAIL_IMAGE_SIZES}
                // docs/architecture.md#product-images: the first photo is the page's LCP element on a phone.
                loading={first ? 'eager' : 'lazy'}
                fetchPriority={first ? 'high' : 'auto'}
                decoding={first ? 'auto' : 'async'}
                draggable={false}
              />
            );
          }}
        />
      </div>

      <div className="product-detail__summary">
        <p className="product-detail__category">{capitalise(product.category)}</p>
        <h1 id="product-title" className="product-detail__title">
          {product.title}
        </h1>
        <ProductRating product={product} />
        <div className="product-detail__price">
          <ProductPrice product={product} large />
          <DiscountBadge discount={product.discount} />
        </div>
        <p className="product-detail__tax">Inclusive of all taxes</p>
        <p className="product-detail__description">{product.description}</p>
        {/* docs/product.md#stock */}
        {!product.inStock && <p className="stock-note">Out of stock</p>}
        <div className="product-detail__actions">
          {!product.inStock && !inCart && outOfStockAction ? (
            outOfStockAction
          ) : (
            <Button
              variant={inCart ? 'secondary' : 'primary'}
              disabled={!product.inStock && !inCart}
              onClick={() => onToggleCart(product)}
            >
              {inCart ? 'Added!' : 'Add to Cart'}
            </Button>
          )}
          <WishlistButton inWishlist={inWishlist} onClick={() => onToggleWishlist(product)} />
        </div>
        {deliveryCheck}
        <ShareButton title={product.title} />
        <p className="product-detail__note">
          Free shipping on orders of {formatRupees(FREE_SHIPPING_FROM)} or more · {returnDays} days return
          available
        </p>
        <dl className="product-detail__facts">
          <div>
            <dt>SKU</dt>
            <dd>{product.sku}</dd>
          </div>
          <div>
            <dt>Brand</dt>
            {/* docs/product.md#entities: 'Ottoman' when missing. contracts/catalogue's DEFAULT_BRAND is the same name, but importing
                a value from that file brings zod (24 kB) into this page. */}
            <dd>{product.brand || shop.brand}</dd>
          </div>
          <div>
            <dt>Category</dt>
            <dd>{capitalise(product.category)}</dd>
          </div>
          <div>
            <dt>Weight</dt>
            <dd>{product.weight} kg</dd>
          </div>
        </dl>
      </div>

      <div className="product-detail__details">
        <section aria-labelledby="why-choose">
          <h2 id="why-choose">Why Choose {product.title}</h2>
          <p>{product.details.whyChoose}</p>
        </section>
        <section aria-labelledby="benefits">
          <h2 id="benefits">Benefits</h2>
          <ul className="product-detail__benefits">
            {product.details.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="changes-observed">
          <h2 id="changes-observed">Changes Observed</h2>
          <p>{product.details.changesObserved}</p>
        </section>
      </div>
    </article>
  );
}
