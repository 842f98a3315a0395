import type { User } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import './checkout.css';

interface DeliveryAddressProps {
  user: User | null;
  onChangeAddress: () => void;
}

function recipientOf(user: User): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name;
  return [name, user.pincode].filter(Boolean).join(', ');
}

/** docs/product.md#screens Checkout: 'Deliver to' with the name and pincode, or 'No user'; CHANGE ADDRESS edits it. */
export function DeliveryAddress({ user, onChangeAddress }: DeliveryAddressProps) {
  return (
    <section className="checkout-card checkout-address" aria-label="Delivery address">
      <p className="checkout-address__line">
        Deliver to: <strong>{user ? recipientOf(user) : 'No user'}</strong>
      </p>
      <Button variant="secondary" onClick={onChangeAddress}>
        CHANGE ADDRESS
      </Button>
    </section>
  );
}
