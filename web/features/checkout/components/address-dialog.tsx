import type { User } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import type { DeliveryAddressDraft } from './delivery-address-draft';
import { DeliveryAddressForm } from './delivery-address-form';
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
  return (
    <Dialog open={open} onClose={onClose} title="Change Address">
      <DeliveryAddressForm user={user} onSave={onSave}>
        {(saving) => (
          <div className="dialog__actions">
            <Button type="submit" disabled={saving}>
              Save
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        )}
      </DeliveryAddressForm>
    </Dialog>
  );
}
