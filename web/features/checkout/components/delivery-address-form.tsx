import type { ReactNode } from 'react';
import type { User } from '../../../../contracts/auth';
import type { DeliveryAddressDraft } from './delivery-address-draft';
import { DeliveryAddressFields } from './delivery-address-fields';
import { useDeliveryAddressForm } from './use-delivery-address-form';

interface DeliveryAddressFormProps {
  user: User;
  /** Saves the address to the profile; a thrown error's message is shown under the fields. */
  onSave: (address: DeliveryAddressDraft) => Promise<void>;
  /** The form's buttons, given whether a save is under way. */
  children: (saving: boolean) => ReactNode;
}

/**
 * docs/product.md#delivery-address: the one delivery address form, checked by the rules create-order applies;
 * checkout's inline card and CHANGE ADDRESS's modal each give it their buttons.
 */
export function DeliveryAddressForm({ user, onSave, children }: DeliveryAddressFormProps) {
  const form = useDeliveryAddressForm(user, onSave);
  return (
    <form ref={form.fieldErrors.formRef} className="address-form" noValidate onSubmit={form.onSubmit}>
      <DeliveryAddressFields
        values={form.values}
        errors={form.fieldErrors.errors}
        onChange={form.onChange}
        onPlace={form.onPlace}
      />
      {form.error && (
        <p className="error-text" role="alert">
          {form.error}
        </p>
      )}
      {children(form.saving)}
    </form>
  );
}
