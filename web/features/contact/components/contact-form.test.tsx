import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../test/deferred';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { ContactForm } from './contact-form';

// docs/product.md#behaviour Contact form: the button's states and the status line's texts. Storing the message
// is server/modules/contact/contact.test.ts's; the browser's own field checks are e2e/contact.spec.ts's.

const sent = { name: 'Ananya Rao', email: 'ananya@example.in', message: 'Do you ship to Kochi?' };

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit() {
  const user = userEvent.setup();
  const { wrapper: Wrapper } = createQueryWrapper();
  render(
    <Wrapper>
      <ContactForm />
    </Wrapper>,
  );
  const form = screen.getByRole('form', { name: 'Send a Message' });
  await user.type(within(form).getByLabelText('Name'), sent.name);
  await user.type(within(form).getByLabelText('Email'), sent.email);
  await user.type(within(form).getByLabelText('Message'), sent.message);
  await user.click(within(form).getByRole('button', { name: 'Submit' }));
  return form;
}

function fieldValue(form: HTMLElement, label: string): string {
  return (within(form).getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;
}

describe('the contact form', () => {
  it('goes Submitting... then Submitted, says the message was sent and clears the fields', async () => {
    const reply = deferred<object>();
    const api = fakeApi({ 'POST /api/contact': () => reply.promise });
    const form = await fillAndSubmit();

    const submitting = await within(form).findByRole('button', { name: 'Submitting...' });
    expect((submitting as HTMLButtonElement).disabled).toBe(true);
    expect(within(form).getByLabelText('Message').getAttribute('rows')).toBe('4');
    await waitFor(() => expect(api.callsTo('POST /api/contact')).toHaveLength(1));
    expect(api.callsTo('POST /api/contact')[0]?.body).toEqual(sent);

    reply.resolve({ success: true });
    const submitted = await within(form).findByRole('button', { name: 'Submitted' });
    expect((submitted as HTMLButtonElement).disabled).toBe(true);
    expect(within(form).getByRole('status').textContent).toBe('Message sent successfully!');
    expect(fieldValue(form, 'Name')).toBe('');
    expect(fieldValue(form, 'Email')).toBe('');
    expect(fieldValue(form, 'Message')).toBe('');
  });

  it('shows a 503 as Service temporarily unavailable, and gives Submit back with the message kept', async () => {
    fakeApi({ 'POST /api/contact': () => jsonReply(503, { message: 'down' }) });
    const form = await fillAndSubmit();

    await waitFor(() =>
      expect(within(form).getByRole('status').textContent).toBe(
        'Service temporarily unavailable. Please try again later.',
      ),
    );
    expect((within(form).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
    expect(fieldValue(form, 'Message')).toBe(sent.message);
  });

  it('reads Failed to send message when the reply has no success flag', async () => {
    fakeApi({ 'POST /api/contact': {} });
    const form = await fillAndSubmit();

    await waitFor(() =>
      expect(within(form).getByRole('status').textContent).toBe('Failed to send message. Please try again.'),
    );
    expect((within(form).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
