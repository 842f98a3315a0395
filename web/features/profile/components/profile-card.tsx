import { useQueryClient } from '@tanstack/react-query';
import {
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useState,
} from 'react';
import type { ProfileUpdate, User } from '../../../../contracts/auth';
import { authMessages } from '../../../../contracts/auth-rules';
import { normalizeIndianPhone, phoneRefusals } from '../../../../contracts/phone';
import { type PincodePlace, pincodeMessages, stateProblem } from '../../../../contracts/pincode';
import { Button } from '../../../components/button';
import {
  AddressFields,
  type AddressValues,
  addressFieldSpecs,
} from '../../../components/form/address-fields';
import { type FieldErrors, issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { type Status, StatusMessage } from '../../../components/status-message';
import { checkPincode } from '../../../lib/pincode-check';
import { avatarInitials } from '../avatar-initials';
import './profile.css';

// docs/product.md#numbers-and-timings: the success message disappears after 2000 ms.
const SUCCESS_VISIBLE_MS = 2000;
const savedMessage = 'Profile updated successfully!';
const saveFailedPrefix = 'Failed to update profile: ';

const personFields = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel-national' },
] as const;

type Draft = Record<(typeof personFields)[number]['name'], string> & AddressValues;

const editableNames = [...personFields, ...addressFieldSpecs].map(({ name }) => name);

function draftOf(user: User): Draft {
  return Object.fromEntries(editableNames.map((name) => [name, user[name] ?? ''])) as Draft;
}

// docs/product.md#validation Profile update: the server's refusals that are about one field, shown beside it.
const fieldOfMessage: Partial<Record<string, string>> = {
  [pincodeMessages.format]: 'pincode',
  [pincodeMessages.state]: 'state',
  ...Object.fromEntries(phoneRefusals.map((message) => [message, 'phone'])),
  [authMessages.phoneChangeNeedsOtp]: 'phone',
  [authMessages.phoneTaken]: 'phone',
  [authMessages.lastNameAt]: 'lastName',
};

function refusedFields(error: unknown): FieldErrors {
  const named = serverFieldErrors(error);
  if (Object.keys(named).length > 0 || !(error instanceof Error)) return named;
  const field = fieldOfMessage[error.message];
  return field ? { [field]: error.message } : named;
}

// The shared schema (and zod with it) is only needed once the shopper saves.
const loadProfileUpdateSchema = () =>
  import('../../../../contracts/auth').then((module) => module.ProfileUpdateSchema);

/** The phone's 10 digits when it parses, else the text as typed: `+91 98…` and `98…` are one number. */
function comparablePhone(typed: string): string {
  const phone = normalizeIndianPhone(typed);
  return phone.ok ? phone.phone : typed.trim();
}

/** A number the shopper proved by OTP, with the ticket the save spends. */
interface PhoneTicket {
  phone: string;
  verificationToken: string;
}

export interface PhoneVerificationSlot {
  phone: string;
  onVerified: (ticket: PhoneTicket) => void;
}

interface ProfileCardProps {
  user: User;
  /** Sends the update and re-reads the profile; rejects with the reason it failed. */
  onSave: (update: ProfileUpdate) => Promise<void>;
  onLogout: () => void;
  /** The OTP check of a new phone (docs/product.md#other-input), given by the route that composes the page. */
  renderPhoneVerification: (slot: PhoneVerificationSlot) => ReactNode;
}

/** docs/product.md#screens Profile and docs/product.md#behaviour Profile form: view mode; Edit makes every field but the e-mail editable. */
export function ProfileCard({ user, onSave, onLogout, renderPhoneVerification }: ProfileCardProps) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [phoneTicket, setPhoneTicket] = useState<PhoneTicket | null>(null);
  // A spent ticket (a refused save) needs a new OTP: a new attempt number starts the check over.
  const [phoneAttempt, setPhoneAttempt] = useState(0);
  const fieldErrors = useFieldErrors();
  const queryClient = useQueryClient();
  const id = useId();
  const editing = draft !== null;
  // docs/product.md#pincode-directory: a newly typed pincode fills the city and state.
  const fillPlace = useCallback(
    (place: PincodePlace) =>
      setDraft((current) =>
        current ? { ...current, city: place.city, state: place.state, country: 'India' } : current,
      ),
    [],
  );
  const values = draft ?? draftOf(user);
  const newPhone = comparablePhone(values.phone);
  const phoneChanged = editing && newPhone !== '' && newPhone !== user.phone;

  useEffect(() => {
    if (status?.kind !== 'success') return;
    // Save, which had focus, is replaced by Edit: focus stays here, beside the message.
    document.getElementById(`${id}-edit`)?.focus();
    const timer = window.setTimeout(() => setStatus(null), SUCCESS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [status, id]);

  function update(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const { name, value } = event.target;
    setDraft((current) => (current ? { ...current, [name]: value } : current));
    fieldErrors.clear(name);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    setStatus(null);
    fieldErrors.clear();
    setSaving(true);
    try {
      const schema = await loadProfileUpdateSchema();
      const parsed = schema.safeParse(draft);
      if (!parsed.success) {
        const reason = parsed.error.issues[0]?.message ?? 'Invalid profile';
        setStatus({ kind: 'error', text: `${saveFailedPrefix}${reason}` });
        fieldErrors.show(issueFieldErrors(parsed.error.issues));
        return;
      }
      const addressErrors = await addressFieldErrors(draft);
      const addressError = Object.values(addressErrors)[0];
      if (addressError) {
        setStatus({ kind: 'error', text: `${saveFailedPrefix}${addressError}` });
        fieldErrors.show(addressErrors);
        return;
      }
      const ticket = phoneChanged ? phoneTicket : null;
      if (phoneChanged && ticket?.phone !== newPhone) {
        setStatus({ kind: 'error', text: `${saveFailedPrefix}${authMessages.phoneChangeNeedsOtp}` });
        fieldErrors.show({ phone: authMessages.phoneChangeNeedsOtp });
        return;
      }
      await onSave(
        ticket ? { ...parsed.data, phoneVerificationToken: ticket.verificationToken } : parsed.data,
      );
      setDraft(null);
      setPhoneTicket(null);
      setStatus({ kind: 'success', text: savedMessage });
    } catch (error) {
      if (phoneChanged) {
        setPhoneTicket(null);
        setPhoneAttempt((attempt) => attempt + 1);
      }
      // docs/product.md#messages Profile: the prefix and the server's (or the error's) message.
      const reason = error instanceof Error ? error.message : String(error);
      setStatus({ kind: 'error', text: `${saveFailedPrefix}${reason}` });
      fieldErrors.show(refusedFields(error));
    } finally {
      setSaving(false);
    }
  }

  /** docs/product.md#pincode-directory: the pincode and state rules, as the server applies them. */
  async function addressFieldErrors({ pincode, state }: Draft): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const check = pincode.trim() === '' ? {} : await checkPincode(queryClient, pincode);
    if (check.problem) errors.pincode = check.problem;
    const stateError = state.trim() === '' ? undefined : stateProblem(state);
    if (stateError) errors.state = stateError;
    return errors;
  }

  function cancel() {
    setDraft(null);
    setPhoneTicket(null);
    setStatus(null);
    fieldErrors.clear();
  }

  return (
    <form ref={fieldErrors.formRef} className="profile-card" aria-labelledby={`${id}-title`} onSubmit={save}>
      <div className="profile-card__header">
        <div className="profile-card__avatar" aria-hidden="true">
          {avatarInitials(user)}
        </div>
        <h1 id={`${id}-title`}>My Profile</h1>
      </div>

      <div className="profile-card__fields">
        {/* docs/product.md#behaviour: the e-mail is always read-only; a phone-only account has none. */}
        {user.email ? (
          <InputField label="Email" name="email" type="email" value={user.email} disabled />
        ) : null}
        {personFields.map(({ name, label, autoComplete }) => (
          <InputField
            key={name}
            label={label}
            error={fieldErrors.errors[name]}
            name={name}
            autoComplete={autoComplete}
            maxLength={200}
            readOnly={!editing}
            value={values[name]}
            onChange={update}
          />
        ))}
        {phoneChanged ? (
          <div key={`${newPhone}-${phoneAttempt}`} className="profile-card__phone-check">
            {renderPhoneVerification({
              phone: values.phone,
              onVerified: (ticket) => {
                setPhoneTicket(ticket);
                fieldErrors.clear('phone');
              },
            })}
          </div>
        ) : null}
        <AddressFields
          values={values}
          errors={fieldErrors.errors}
          readOnly={!editing}
          onChange={update}
          onPlace={fillPlace}
        />
      </div>

      {/* Beside Save, where the shopper is. */}
      <StatusMessage status={status} className="profile-card__status" />

      <div className="profile-card__actions">
        {editing ? (
          <>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" disabled={saving} onClick={cancel}>
              Cancel
            </Button>
          </>
        ) : (
          <Button
            id={`${id}-edit`}
            onClick={() => {
              setStatus(null);
              setDraft(draftOf(user));
            }}
          >
            Edit
          </Button>
        )}
        <Button variant="ghost" className="profile-card__logout" onClick={onLogout}>
          Logout
        </Button>
      </div>
    </form>
  );
}
