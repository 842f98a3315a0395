import { type FormEvent, useState } from 'react';
import type { Status } from '../status-message';
import { issueFieldErrors, serverFieldErrors } from './field-errors';
import type { FieldErrorsState } from './use-field-errors';

/** A contract schema's `safeParse` answer, as much of it as the form reads. */
type Checked<Body> =
  | { success: true; data: Body }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

interface CheckedSave<Body, Reply> {
  /** The contract's schema over the form's body, e.g. `(body) => Schema.safeParse(body)`. */
  check: (body: unknown) => Checked<Body>;
  save: (body: Body) => Promise<Reply>;
  /** The form takes the saved values back (what the server stored). */
  onSaved: (reply: Reply) => void;
  savedText: string;
  /** Said when the schema refuses without a message of its own. */
  invalidText: string;
  fieldErrors: FieldErrorsState;
}

/**
 * A console settings form's save: the body checked by the contract's schema first (its messages beside the
 * fields), then saved (the server's field messages beside them); the status line says what happened.
 */
export function useCheckedSave<Body, Reply extends { message?: string }>(options: CheckedSave<Body, Reply>) {
  const [status, setStatus] = useState<Status | null>(null);

  async function submit(event: FormEvent, body: unknown) {
    event.preventDefault();
    setStatus(null);
    const parsed = options.check(body);
    if (!parsed.success) {
      options.fieldErrors.show(issueFieldErrors(parsed.error.issues));
      setStatus({ kind: 'error', text: parsed.error.issues[0]?.message ?? options.invalidText });
      return;
    }
    try {
      const reply = await options.save(parsed.data);
      options.onSaved(reply);
      setStatus({ kind: 'success', text: reply.message ?? options.savedText });
    } catch (error) {
      options.fieldErrors.show(serverFieldErrors(error));
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : 'Saving failed.' });
    }
  }

  return { status, submit };
}
