import { type FormEvent, useId, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import './checkout.css';

export type AddressFields = Pick<
  User,
  'firstName' | 'lastName' | 'houseName' | 'streetArea' | 'city' | 'state' | 'country' | 'pincode'
>;

// spec §2 Checkout: the fields of the edit modal, with houseName labelled House/Flat No.
const fields: readonly { name: keyof AddressFields; label: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'houseName', label: 'House/Flat No.', autoComplete: 'address-line1' },
  { name: 'streetArea', label: 'Street/Area', autoComplete: 'address-line2' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'pincode', label: 'Pincode', autoComplete: 'postal-code' },
];

function addressOf(user: User): AddressFields {
  const { firstName, lastName, houseName, streetArea, city, state, country, pincode } = user;
  return { firstName, lastName, houseName, streetArea, city, state, country, pincode };
}

interface AddressDialogProps {
  open: boolean;
  user: User;
  onClose: () => void;
  /** Saves the address to the profile; a thrown error's message is shown in the modal. */
  onSave: (address: AddressFields) => Promise<void>;
}

/** spec §2 Checkout: CHANGE ADDRESS's modal, editing the profile's name and address (no validation shown). */
export function AddressDialog({ open, user, onClose, onSave }: AddressDialogProps) {
  const [values, setValues] = useState(() => addressOf(user));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSave(values);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Change Address">
      <form className="address-form" onSubmit={save}>
        {fields.map((field) => (
          <div key={field.name} className="form-field">
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type="text"
              autoComplete={field.autoComplete}
              maxLength={200}
              value={values[field.name]}
              onChange={(event) => {
                const { value } = event.target;
                setValues((current) => ({ ...current, [field.name]: value }));
              }}
            />
          </div>
        ))}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <Button type="submit" disabled={saving}>
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
