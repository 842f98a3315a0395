import type { CartLine } from '../../../../contracts/cart';
import { cartMessages, MAX_QUANTITY_PER_LINE } from '../../../../contracts/cart-rules';
import { formatRupees } from '../../../../contracts/format';
import { discountedUnitPrice } from '../../../../contracts/pricing';
import { Button } from '../../../components/button';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';
import './cart.css';
import { CartLineImage } from './cart-line-image';

interface CartLineItemProps {
  line: CartLine;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  onMoveToWishlist: () => void;
}

/** docs/product.md#screens Cart: a line with its price, minus and plus buttons; image and title open the product. */
export function CartLineItem({ line, onQuantityChange, onRemove, onMoveToWishlist }: CartLineItemProps) {
  const unitPrice = discountedUnitPrice(line.price, line.discount);
  // docs/product.md#cart: at most 10 of a line; the + button stops there and says why.
  const atLimit = line.quantity >= MAX_QUANTITY_PER_LINE;
  const limitId = `quantity-limit-${line.id}`;

  return (
    <li className="cart-line">
      {/* The title links to the same page; one link for keyboards and screen readers is enough. */}
      <Link to={paths.product(line.id)} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        <CartLineImage product={line} />
      </Link>
      <div className="cart-line__body">
        <h2 className="cart-line__title">
          <Link to={paths.product(line.id)}>{line.title}</Link>
        </h2>
        <p className="cart-line__price">
          <span className="visually-hidden">Original price</span>
          <s>{formatRupees(line.price)}</s> <span className="visually-hidden">Offer price</span>
          <strong>{formatRupees(unitPrice)}</strong>
        </p>
        <fieldset className="quantity-stepper">
          <legend className="visually-hidden">Quantity of {line.title}</legend>
          <button
            type="button"
            className="quantity-stepper__button"
            aria-label={`Decrease quantity of ${line.title}`}
            onClick={() => onQuantityChange(line.quantity - 1)}
          >
            −
          </button>
          <output className="quantity-stepper__value" aria-live="polite">
            {line.quantity}
          </output>
          <button
            type="button"
            className="quantity-stepper__button"
            aria-label={`Increase quantity of ${line.title}`}
            aria-describedby={atLimit ? limitId : undefined}
            disabled={atLimit}
            onClick={() => onQuantityChange(line.quantity + 1)}
          >
            +
          </button>
        </fieldset>
        {!line.available && (
          <p className="cart-line__unavailable">
            {line.inStock ? cartMessages.noLongerAvailable : cartMessages.outOfStock}
          </p>
        )}
        {atLimit && (
          <p id={limitId} className="cart-line__limit">
            {cartMessages.tooManyOfOne}
          </p>
        )}
        <p className="cart-line__total">
          <span className="visually-hidden">Line total </span>
          {formatRupees(unitPrice * line.quantity)}
        </p>
        <div className="cart-line__actions">
          <Button variant="ghost" onClick={onMoveToWishlist}>
            Move to Wishlist
          </Button>
          <Button variant="ghost" onClick={onRemove}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
