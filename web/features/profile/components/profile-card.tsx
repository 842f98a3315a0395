import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { authMessages, type ProfileUpdate, type User } from '../../../../contracts/auth';
import { messages } from '../../../../contracts/messages';
import { Button } from '../../../components/button';
import {
  AddressFields,
  type AddressValues,
  addressFieldSpecs,
} from '../../../components/form/address-fields';
import { type FieldErrors, issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
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
  [messages.pincodeTooShort]: 'pincode',
  [messages.phoneTenDigits]: 'phone',
  [authMessages.lastNameAt]: 'lastName',
};

function refusedFields(error: unknown): FieldErrors {
  const named = serverFieldErrors(error);
  if (Object.keys(named).length > 0 || !(error instanceof Error)) return named;
  const field = fieldOfMessage[error.message];
  return field ? { [field]: error.message } : named;
}

interface Status {
  kind: 'success' | 'error';
  text: string;
}

// The shared schema (and zod with it) is only needed once the shopper saves.
const loadProfileUpdateSchema = () =>
  import('../../../../contracts/auth').then((module) => module.ProfileUpdateSchema);

interface ProfileCardProps {
  user: User;
  /** Sends the update and re-reads the profile; rejects with the reason it failed. */
  onSave: (update: ProfileUpdate) => Promise<void>;
  onLogout: () => void;
}

/** docs/product.md#screens Profile and docs/product.md#behaviour Profile form: view mode; Edit makes every field but the e-mail editable. */
export function ProfileCard({ user, onSave, onLogout }: ProfileCardProps) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const fieldErrors = useFieldErrors();
  const id = useId();
  const editing = draft !== null;
  const values = draft ?? draftOf(user);

  useEffect(() => {
    if (status?.kind !== 'success') return;
    // Save, which had focus, is replaced by Edit: focus stays here, beside the message.
    document.getElementById(`${id}-edit`)?.focus();
    const timer = window.setTimeout(() => setStatus(null), SUCCESS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [status, id]);

  function update(event: ChangeEvent<HTMLInputElement>) {
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
      await onSave(parsed.data);
      setDraft(null);
      setStatus({ kind: 'success', text: savedMessage });
    } catch (error) {
      // docs/product.md#messages Profile: the prefix and the server's (or the error's) message.
      const reason = error instanceof Error ? error.message : String(error);
      setStatus({ kind: 'error', text: `${saveFailedPrefix}${reason}` });
      fieldErrors.show(refusedFields(error));
    } finally {
      setSaving(false);
    }
  }

  function cancel() {
    setDraft(null);
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
        <AddressFields values={values} errors={fieldErrors.errors} readOnly={!editing} onChange={update} />
      </div>

      {/* Beside Save, where the shopper is; the status region is always there so its news is announced. */}
      {status?.kind === 'error' ? (
        <p className="profile-card__status error-text" role="alert">
          {status.text}
        </p>
      ) : (
        <p className="profile-card__status success-text" role="status">
          {status?.text}
        </p>
      )}

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
