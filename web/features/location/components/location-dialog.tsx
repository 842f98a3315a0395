import type { User } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { CheckDelivery } from './check-delivery';

type AddressParts = Pick<User, 'houseName' | 'streetArea' | 'city' | 'state' | 'country' | 'pincode'>;

/** docs/product.md#screens Location modal: the saved address joined by commas, or undefined when there is none. */
function savedAddressLine(user: AddressParts | null): string | undefined {
  if (!user) return undefined;
  const parts = [user.houseName, user.streetArea, user.city, user.state, user.country, user.pincode]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

interface LocationDialogProps {
  open: boolean;
  user: User | null;
  onClose: () => void;
  /** Closes the modal and opens the profile, where the address is edited. */
  onUpdateAddress: () => void;
}

/** docs/product.md#screens Location modal. */
export function LocationDialog({ open, user, onClose, onUpdateAddress }: LocationDialogProps) {
  const address = savedAddressLine(user);
  return (
    <Dialog open={open} onClose={onClose} title="Choose your location">
      <p>{address ?? 'No address found. Please update your profile.'}</p>
      {/* docs/product.md#delivery-promise: any pincode, signed in or not. */}
      <CheckDelivery />
      <div className="dialog__actions">
        <Button onClick={onUpdateAddress}>Update Address</Button>
      </div>
    </Dialog>
  );
}
