import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { complaintTexts } from '../../../../contracts/complaint-texts';
import type { ContactTopic } from '../../../../contracts/contact';
import { messages } from '../../../../contracts/messages';
import { Button } from '../../../components/button';
import { issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField, SelectField, TextareaField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useSessionUser } from '../../../lib/session';
import { useSendContactMessage } from '../api/send-contact-message';

// docs/product.md#behaviour Contact form: idle → submitting ('Submitting...') → submitted ('Submitted', disabled, fields
// cleared); a failure returns the button to 'Submit'.
type FormState = 'idle' | 'submitting' | 'submitted';

const buttonLabels: Record<FormState, string> = {
  idle: 'Submit',
  submitting: 'Submitting...',
  submitted: 'Submitted',
};

interface FormValues {
  name: string;
  email: string;
  message: string;
  topic: ContactTopic;
}

const emptyForm: FormValues = { name: '', email: '', message: '', topic: 'message' };

/** docs/product.md#behaviour Contact form: a signed-in shopper's name and e-mail are filled in for them. */
function prefilledForm(user: User | null): FormValues {
  if (!user) return emptyForm;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return { ...emptyForm, name, email: user.email ?? '' };
}

interface Feedback {
  kind: 'success' | 'error';
  text: string;
  /** docs/product.md#complaints: a complaint's acknowledgement number, shown under the success text. */
  complaintNumber?: string;
}

// The shared schema (and zod with it) loads on first use, not with the home page (bundle budget).
const loadContactSchema = () =>
  import('../../../../contracts/contact').then((module) => module.ContactMessageSchema);

export function ContactForm() {
  const user = useSessionUser();
  const [values, setValues] = useState(() => prefilledForm(user));
  const [state, setState] = useState<FormState>('idle');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const sendMessage = useSendContactMessage();
  const fieldErrors = useFieldErrors();
  const id = useId();

  // A session that arrives after the form was drawn fills what the shopper has not typed yet.
  useEffect(() => {
    const prefill = prefilledForm(user);
    setValues((current) => ({
      ...current,
      name: current.name || prefill.name,
      email: current.email || prefill.email,
    }));
  }, [user]);

  function updateField(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    fieldErrors.clear(name);
    if (state === 'submitted') {
      setState('idle');
      setFeedback(null);
    }
  }

  function fail(text: string) {
    setState('idle');
    setFeedback({ kind: 'error', text });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState('submitting');
    setFeedback(null);
    fieldErrors.clear();
    try {
      const schema = await loadContactSchema();
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        fail(parsed.error.issues[0]?.message ?? messages.messageFailed);
        fieldErrors.show(issueFieldErrors(parsed.error.issues));
        return;
      }
      const reply = await sendMessage.mutateAsync(parsed.data);
      // docs/product.md#messages Contact: a reply without the success flag is a failure.
      if (!reply?.success) {
        fail(messages.messageFailed);
        return;
      }
      setValues(prefilledForm(user));
      setState('submitted');
      setFeedback({
        kind: 'success',
        text: messages.messageSent,
        ...(reply.complaintNumber ? { complaintNumber: reply.complaintNumber } : {}),
      });
    } catch (error) {
      // docs/product.md#messages Contact: a thrown error shows its own message, else the same text.
      fail(error instanceof Error && error.message !== '' ? error.message : messages.messageFailed);
      fieldErrors.show(serverFieldErrors(error));
    }
  }

  return (
    // noValidate: our messages (docs/product.md#validation), beside the fields, the first one focused, instead
    // of the browser's bubbles; Enter submits and shows them too.
    <form
      ref={fieldErrors.formRef}
      className="contact-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={submit}
      // Warm the schema chunk while the visitor is typing.
      onFocus={() => void loadContactSchema()}
    >
      <h3 id={`${id}-title`} className="contact-form__title">
        Send a Message
      </h3>
      <InputField
        label="Name"
        error={fieldErrors.errors.name}
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={100}
        value={values.name}
        onChange={updateField}
      />
      <InputField
        label="Email"
        error={fieldErrors.errors.email}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        value={values.email}
        onChange={updateField}
      />
      <SelectField
        label="What is this about?"
        error={fieldErrors.errors.topic}
        name="topic"
        value={values.topic}
        onChange={updateField}
      >
        <option value="message">A question or a message</option>
        <option value="complaint">A complaint</option>
      </SelectField>
      {values.topic === 'complaint' && <p className="contact-form__hint">{complaintTexts.hint}</p>}
      <TextareaField
        label="Message"
        error={fieldErrors.errors.message}
        name="message"
        rows={4}
        required
        maxLength={5000}
        value={values.message}
        onChange={updateField}
      />
      <Button type="submit" disabled={state !== 'idle'}>
        {buttonLabels[state]}
      </Button>
      <div
        className={feedback?.kind === 'error' ? 'form-status error-text' : 'form-status success-text'}
        role="status"
      >
        {feedback?.text}
        {feedback?.complaintNumber && (
          <p className="contact-form__complaint">{complaintTexts.received(feedback.complaintNumber)}</p>
        )}
      </div>
    </form>
  );
}
