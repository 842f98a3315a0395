import { useId } from 'react';
import type { User } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import type { DeliveryAddressDraft } from './delivery-address-draft';
import { DeliveryAddressForm } from './delivery-address-form';
import './checkout.css';

interface CheckoutAddressFormProps {
  user: User;
  /** Saves the address to the profile; a thrown error's message is shown under the form. */
  onSave: (address: DeliveryAddressDraft) => Promise<void>;
}

/**
 * docs/product.md#delivery-address: a shopper without an address (phone or Google sign-in) fills it in here,
 * on the checkout page itself; once saved, PLACE ORDER works.
 */
export function CheckoutAddressForm({ user, onSave }: CheckoutAddressFormProps) {
  const titleId = useId();
  return (
    <section className="checkout-card checkout-address-form" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-card__title">
        Where should we deliver?
      </h2>
      <DeliveryAddressForm user={user} onSave={onSave}>
        {(saving) => (
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save address'}
          </Button>
        )}
      </DeliveryAddressForm>
    </section>
  );
}
