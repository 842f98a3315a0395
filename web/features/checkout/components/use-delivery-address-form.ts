import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import type { PincodePlace } from '../../../../contracts/pincode';
import { serverFieldErrors } from '../../../components/form/field-errors';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { type DeliveryAddressDraft, draftErrors, draftOf, withPlace } from './delivery-address-draft';

/**
 * docs/product.md#delivery-address: the state of a delivery address form (the inline one at checkout and
 * CHANGE ADDRESS's): the draft, the pincode filling city and state, the rules checked before saving.
 */
export function useDeliveryAddressForm(user: User, onSave: (address: DeliveryAddressDraft) => Promise<void>) {
  const [values, setValues] = useState(() => draftOf(user));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldErrors = useFieldErrors();
  const queryClient = useQueryClient();

  const onPlace = useCallback((place: PincodePlace) => setValues((current) => withPlace(current, place)), []);

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    fieldErrors.clear(name);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    fieldErrors.clear();
    try {
      const problems = await draftErrors(queryClient, values);
      if (Object.keys(problems).length > 0) {
        fieldErrors.show(problems);
        return;
      }
      await onSave(values);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      fieldErrors.show(serverFieldErrors(failure));
    } finally {
      setSaving(false);
    }
  }

  return { values, saving, error, fieldErrors, onPlace, onChange, onSubmit };
}
