import type { User } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import type { DeliveryAddressDraft } from './delivery-address-draft';
import { DeliveryAddressFields } from './delivery-address-fields';
import { useDeliveryAddressForm } from './use-delivery-address-form';
import './checkout.css';

export type AddressUpdate = DeliveryAddressDraft;

interface AddressDialogProps {
  open: boolean;
  user: User;
  onClose: () => void;
  /** Saves the address to the profile; a thrown error's message is shown in the modal. */
  onSave: (address: AddressUpdate) => Promise<void>;
}

/**
 * docs/product.md#screens Checkout: CHANGE ADDRESS's modal, editing the profile's name, contact mobile and
 * address under the rules create-order applies (docs/product.md#delivery-address).
 */
export function AddressDialog({ open, user, onClose, onSave }: AddressDialogProps) {
  const form = useDeliveryAddressForm(user, onSave);
  return (
    <Dialog open={open} onClose={onClose} title="Change Address">
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
        <div className="dialog__actions">
          <Button type="submit" disabled={form.saving}>
            Save
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
