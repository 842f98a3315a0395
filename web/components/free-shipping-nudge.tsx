import { formatRupees } from '../../contracts/format';
import { amountToFreeShipping } from '../../contracts/pricing';
import './free-shipping-nudge.css';

/** docs/product.md#money: below the free tier, the cart and checkout say how much more makes delivery free. */
export function FreeShippingNudge({ subtotal }: { subtotal: number }) {
  const missing = amountToFreeShipping(subtotal);
  if (missing === 0) return null;
  return <p className="free-shipping-nudge">Add {formatRupees(missing)} more for FREE delivery</p>;
}
