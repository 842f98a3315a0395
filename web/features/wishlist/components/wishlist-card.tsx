import { useId } from 'react';
import { formatRupees } from '../../../../contracts/format';
import { Button } from '../../../components/button';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';
import type { WishlistItem } from '../wishlist-items';
import './wishlist.css';

const CARD_IMAGE_SIZE = 400;

interface WishlistCardProps {
  item: WishlistItem;
  onAddToCart: () => void;
  onRemove: () => void;
}

/** docs/product.md#screens Wishlist: a product card linking to /product/{id}, with Add to Cart and Remove. */
export function WishlistCard({ item, onAddToCart, onRemove }: WishlistCardProps) {
  const titleId = useId();
  const src = item.images[0] ?? item.img;

  return (
    <article className="wishlist-card" aria-labelledby={titleId}>
      {/* The title links to the same page; one link for keyboards and screen readers is enough. */}
      <Link to={paths.product(item.id)} className="wishlist-card__image" tabIndex={-1} aria-hidden="true">
        <ImageWithFallback
          src={src}
          alt=""
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          loading="lazy"
          decoding="async"
        />
      </Link>
      <div className="wishlist-card__body">
        <h2 id={titleId} className="wishlist-card__title">
          <Link to={paths.product(item.id)}>{item.title}</Link>
        </h2>
        <p className="wishlist-card__description">{item.description}</p>
        <p className="wishlist-card__price">
          <span className="visually-hidden">Original price</span>
          <s>{formatRupees(item.price)}</s> <span className="visually-hidden">Offer price</span>
          <strong>{formatRupees(item.discountedPrice)}</strong>
        </p>
        <div className="wishlist-card__actions">
          <Button onClick={onAddToCart}>Add to Cart</Button>
          <Button variant="secondary" onClick={onRemove}>
            Remove
          </Button>
        </div>
      </div>
    </article>
  );
}
