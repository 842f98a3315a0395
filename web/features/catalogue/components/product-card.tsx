import { useId } from 'react';
import type { Product } from '../../../../contracts/catalogue';
import { Button } from '../../../components/button';
import { Carousel } from '../../../components/carousel/carousel';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';
import { productImages } from '../product-actions';
import { DiscountBadge } from './discount-badge';
import './product-card.css';
import './stock-note.css';
import { ProductPrice } from './product-price';
import { ProductRating } from './product-rating';
import { WishlistButton } from './wishlist-button';

// docs/product.md#numbers-and-timings: card carousels auto-play at 2000 ms a slide.
const CARD_SLIDE_MS = 2000;
const CARD_IMAGE_SIZE = 400;
// products-section.css: two columns on a phone, three from 40em, four from 60em in a 75rem page.
const CARD_IMAGE_SIZES = '(min-width: 60em) 18rem, (min-width: 40em) 33vw, 50vw';

interface ProductCardProps {
  product: Product;
  inCart: boolean;
  inWishlist: boolean;
  onToggleCart: (product: Product) => void;
  onToggleWishlist: (product: Product) => void;
}

export function ProductCard({
  product,
  inCart,
  inWishlist,
  onToggleCart,
  onToggleWishlist,
}: ProductCardProps) {
  const titleId = useId();

  return (
    <article className="product-card" aria-labelledby={titleId}>
      <div className="product-card__media">
        <Carousel
          items={productImages(product)}
          getKey={(src) => src}
          label={`${product.title} photos`}
          autoPlayMs={CARD_SLIDE_MS}
          renderItem={(src, index, isCopy) => (
            <ImageWithFallback
              src={src}
              alt={isCopy ? '' : `${product.title}, photo ${index + 1}`}
              width={CARD_IMAGE_SIZE}
              height={CARD_IMAGE_SIZE}
              sizes={CARD_IMAGE_SIZES}
              loading="lazy"
              decoding="async"
              draggable={false}
            />
          )}
        />
        <div className="product-card__badge">
          <DiscountBadge discount={product.discount} />
        </div>
        <WishlistButton
          className="product-card__wishlist"
          inWishlist={inWishlist}
          onClick={() => onToggleWishlist(product)}
        />
      </div>
      <div className="product-card__body">
        <h3 id={titleId} className="product-card__title">
          <Link to={paths.product(product.id)}>{product.title}</Link>
        </h3>
        <ProductRating product={product} />
        <ProductPrice product={product} />
        {/* docs/product.md#stock; the text is spelled here, not imported: contracts/ brings zod along. */}
        {!product.inStock && <p className="stock-note">Out of stock</p>}
        {/* docs/product.md#screens: 'Added!' while in the cart; pressing it again removes the item. */}
        <Button
          variant={inCart ? 'secondary' : 'primary'}
          className="product-card__cart"
          disabled={!product.inStock && !inCart}
          onClick={() => onToggleCart(product)}
        >
          {inCart ? 'Added!' : 'Add to Cart'}
        </Button>
      </div>
    </article>
  );
}
