import { type FormEvent, useRef, useState } from 'react';
import { InviteStaffBodySchema, staffRoles } from '../../../../contracts/staff';
import {
  type FieldErrors,
  issueFieldErrors,
  noFieldErrors,
  serverFieldErrors,
} from '../../../components/form/field-errors';
import { FieldWrapper } from '../../../components/form/form-field';
import { StatusMessage } from '../../../components/status-message';
import { useInviteStaff } from '../api/invite-staff';

/** An owner invites a member of staff; their set-up link goes to them by e-mail. */
export function InviteStaffForm({ onInvited }: { onInvited: (message: string) => void }) {
  const invite = useInviteStaff();
  const form = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>(noFieldErrors);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = InviteStaffBodySchema.safeParse(data);
    if (!parsed.success) {
      invite.reset();
      setClientErrors(issueFieldErrors(parsed.error.issues));
      return;
    }
    setClientErrors(noFieldErrors);
    invite.mutate(parsed.data, {
      onSuccess: (reply) => {
        form.current?.reset();
        onInvited(reply.message);
      },
    });
  }

  const fieldError = (field: string) => clientErrors[field] ?? serverFieldErrors(invite.error)[field];

  return (
    <form
      ref={form}
      className="admin-form admin-form--inline"
      onSubmit={submit}
      aria-labelledby="invite-heading"
    >
      <h2 id="invite-heading" className="admin-subheading">
        Invite a member of staff
      </h2>
      <FieldWrapper label="Name" error={fieldError('name')}>
        {(control) => (
          <input {...control} className="form-field__control" name="name" required maxLength={100} />
        )}
      </FieldWrapper>
      <FieldWrapper label="E-mail" error={fieldError('email')}>
        {(control) => (
          <input {...control} className="form-field__control" name="email" type="email" required />
        )}
      </FieldWrapper>
      <FieldWrapper label="Role">
        {(control) => (
          <select {...control} className="form-field__control" name="role" defaultValue="support">
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        )}
      </FieldWrapper>
      <StatusMessage
        status={
          invite.error && !fieldError('email') && !fieldError('name')
            ? { kind: 'error', text: invite.error.message }
            : null
        }
      />
      <button className="button button--primary" type="submit" disabled={invite.isPending}>
        Send invitation
      </button>
    </form>
  );
}
