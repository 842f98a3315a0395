import type { ReactNode } from 'react';
import type { User } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import './checkout.css';

interface DeliveryAddressProps {
  user: User | null;
  onChangeAddress: () => void;
  /** docs/product.md#delivery-promise: the promise for the address's pincode, and any warning about it. */
  children?: ReactNode;
}

function recipientOf(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name;
}

/** The whole address the parcel goes to, so a shopper can check it before paying, not only the name and pincode. */
function addressLinesOf(user: User): string[] {
  return [
    [user.houseName, user.streetArea].filter(Boolean).join(', '),
    [user.city, user.state].filter(Boolean).join(', '),
    [user.pincode, user.country].filter(Boolean).join(', '),
    // docs/product.md#delivery-address: the number the courier calls.
    user.deliveryPhone || user.phone ? `Mobile: ${user.deliveryPhone || user.phone}` : '',
  ].filter(Boolean);
}

/** docs/product.md#screens Checkout: 'Deliver to' with the name and the full address, or 'No user'; CHANGE ADDRESS edits it. */
export function DeliveryAddress({ user, onChangeAddress, children }: DeliveryAddressProps) {
  return (
    <section className="checkout-card checkout-address" aria-label="Delivery address">
      <div>
        <p className="checkout-address__line">
          Deliver to: <strong>{user ? recipientOf(user) : 'No user'}</strong>
        </p>
        {user ? (
          <address className="checkout-address__full">
            {addressLinesOf(user).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        ) : null}
        {children}
      </div>
      <Button variant="secondary" onClick={onChangeAddress}>
        CHANGE ADDRESS
      </Button>
    </section>
  );
}
