import type { CartLine } from '../../../../contracts/cart';
import { formatRupees } from '../../../../contracts/format';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import './checkout.css';

/** A wishlist item as the picker shows it and the cart takes it. */
export type PickableProduct = Omit<CartLine, 'size' | 'quantity' | 'available' | 'inStock'>;

interface WishlistPickerDialogProps {
  open: boolean;
  items: readonly PickableProduct[];
  onClose: () => void;
  onAddToCart: (item: PickableProduct) => void;
}

/** docs/product.md#screens Checkout: 'Add More From Wishlist' lists the wishlist with an Add to Cart button each. */
export function WishlistPickerDialog({ open, items, onClose, onAddToCart }: WishlistPickerDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add More From Wishlist">
      {items.length === 0 ? (
        <p>No items in wishlist.</p>
      ) : (
        <ul className="wishlist-picker">
          {items.map((item) => (
            <li key={item.id} className="wishlist-picker__item">
              <span className="wishlist-picker__title">{item.title}</span>
              <span>{formatRupees(item.discountedPrice)}</span>
              {/* The accessible name starts with the words shown (axe label-content-name-mismatch). */}
              <Button aria-label={`Add to Cart: ${item.title}`} onClick={() => onAddToCart(item)}>
                Add to Cart
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
