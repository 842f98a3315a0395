import type { CartLine } from '../../../../contracts/cart';
import { formatRupees } from '../../../../contracts/format';
import { discountedUnitPrice } from '../../../../contracts/pricing';
import { Button } from '../../../components/button';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';
import { useReturnWindowDays } from '../../../lib/use-return-window';
import './checkout.css';

const ITEM_IMAGE_SIZE = 112;

interface CheckoutItemProps {
  line: CartLine;
  /** docs/product.md#delivery-date: "Arriving Sunday, 29 Nov". */
  /** 'Arriving Thursday, 27 Nov', once the address's pincode has its promised day. */
  arrival?: string | undefined;
  onRemove: () => void;
  onMoveToWishlist: () => void;
}

/** docs/product.md#screens Checkout: one item with its size, quantity, totals, return window and delivery date. */
export function CheckoutItem({ line, arrival, onRemove, onMoveToWishlist }: CheckoutItemProps) {
  const returnDays = useReturnWindowDays();
  const src = line.images[0] ?? line.img;

  return (
    <li className="checkout-item">
      {/* The title links to the same page; one link for keyboards and screen readers is enough. */}
      <Link to={paths.product(line.id)} className="checkout-item__image" tabIndex={-1} aria-hidden="true">
        <ImageWithFallback
          src={src}
          alt=""
          width={ITEM_IMAGE_SIZE}
          height={ITEM_IMAGE_SIZE}
          loading="lazy"
          decoding="async"
        />
      </Link>
      <div className="checkout-item__body">
        <h3 className="checkout-item__title">
          <Link to={paths.product(line.id)}>{line.title}</Link>
        </h3>
        <p className="checkout-item__description">{line.description}</p>
        <p className="checkout-item__options">
          <span>Size: {line.size}</span>
          <span>Qty: {line.quantity}</span>
        </p>
        <p className="checkout-item__price">
          <span className="visually-hidden">Original price</span>
          <s>{formatRupees(line.price * line.quantity)}</s>{' '}
          <span className="visually-hidden">Offer price</span>
          <strong>{formatRupees(discountedUnitPrice(line.price, line.discount) * line.quantity)}</strong>
        </p>
        <p className="checkout-item__note">{returnDays} days return available</p>
        {/* The line keeps its height while the day is asked, so the items below do not move. */}
        <p className="checkout-item__note" aria-hidden={arrival ? undefined : true}>
          {arrival ?? '\u00a0'}
        </p>
        <div className="checkout-item__actions">
          <Button variant="ghost" onClick={onRemove}>
            Remove
          </Button>
          <Button variant="ghost" onClick={onMoveToWishlist}>
            Move to Wishlist
          </Button>
        </div>
      </div>
    </li>
  );
}
