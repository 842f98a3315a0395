import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { AddressFields } from '../../../components/form/address-fields';
import { serverFieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import './checkout.css';

export type AddressUpdate = Pick<
  User,
  'firstName' | 'lastName' | 'houseName' | 'streetArea' | 'city' | 'state' | 'country' | 'pincode'
>;

// docs/product.md#screens Checkout: the edit modal labels houseName House/Flat No.
const addressLabels = { houseName: 'House/Flat No.' } as const;

function addressOf(user: User): AddressUpdate {
  const { firstName, lastName, houseName, streetArea, city, state, country, pincode } = user;
  return { firstName, lastName, houseName, streetArea, city, state, country, pincode };
}

interface AddressDialogProps {
  open: boolean;
  user: User;
  onClose: () => void;
  /** Saves the address to the profile; a thrown error's message is shown in the modal. */
  onSave: (address: AddressUpdate) => Promise<void>;
}

/** docs/product.md#screens Checkout: CHANGE ADDRESS's modal, editing the profile's name and address (no validation shown). */
export function AddressDialog({ open, user, onClose, onSave }: AddressDialogProps) {
  const [values, setValues] = useState(() => addressOf(user));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldErrors = useFieldErrors();

  function update(event: ChangeEvent<HTMLInputElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    fieldErrors.clear(name);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    fieldErrors.clear();
    try {
      await onSave(values);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      fieldErrors.show(serverFieldErrors(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Change Address">
      <form className="address-form" onSubmit={save}>
        <InputField
          label="First Name"
          error={fieldErrors.errors.firstName}
          name="firstName"
          autoComplete="given-name"
          maxLength={200}
          value={values.firstName}
          onChange={update}
        />
        <InputField
          label="Last Name"
          error={fieldErrors.errors.lastName}
          name="lastName"
          autoComplete="family-name"
          maxLength={200}
          value={values.lastName}
          onChange={update}
        />
        <AddressFields values={values} labels={addressLabels} errors={fieldErrors.errors} onChange={update} />
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
