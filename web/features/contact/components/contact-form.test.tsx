import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { complaintTexts } from '../../../../contracts/complaint-texts';
import { setSessionUser } from '../../../lib/session';
import { deferred } from '../../../test/deferred';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { aUser } from '../../../test/users';
import { ContactForm } from './contact-form';

// docs/product.md#behaviour Contact form: the button's states, the status line's texts, our own field checks
// (noValidate) and the signed-in shopper's prefill. Storing the message, and a name kept on one line, is
// server/modules/contact/contact.test.ts's.

const sent = { name: 'Ananya Rao', email: 'ananya@example.in', message: 'Do you ship to Kochi?' };

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionUser(null);
});

function renderForm() {
  const { wrapper: Wrapper } = createQueryWrapper();
  render(
    <Wrapper>
      <ContactForm />
    </Wrapper>,
  );
  return screen.getByRole('form', { name: 'Send a Message' });
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  const form = renderForm();
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
    expect(api.callsTo('POST /api/contact')[0]?.body).toEqual({ ...sent, topic: 'message' });

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

  it('has no browser bubbles: Enter on an empty form shows our messages and focuses the first field', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /api/contact': { success: true } });
    const form = renderForm();
    expect(form.hasAttribute('novalidate')).toBe(true);

    await user.type(within(form).getByLabelText('Message'), 'Hi');
    await user.click(within(form).getByLabelText('Name'));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name')));
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Please enter your name', { selector: '.form-field__error' })).toBeTruthy();
    expect(
      within(form).getByText('Please enter your email address', { selector: '.form-field__error' }),
    ).toBeTruthy();
    expect(within(form).getByRole('status').textContent).toBe('Please enter your name');
    expect(api.callsTo('POST /api/contact')).toEqual([]);
  });

  it('says an e-mail is not valid in its own words, focused, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /api/contact': { success: true } });
    const form = renderForm();
    await user.type(within(form).getByLabelText('Name'), sent.name);
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.type(within(form).getByLabelText('Message'), sent.message);
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Email')));
    expect(
      within(form).getByText('Please enter a valid email address', { selector: '.form-field__error' }),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/contact')).toEqual([]);
  });

  it("is filled in with a signed-in shopper's name and e-mail, and keeps them after sending", async () => {
    const shopper = aUser({ firstName: 'Kavya', lastName: 'Menon' });
    setSessionUser(shopper);
    const api = fakeApi({ 'POST /api/contact': { success: true } });
    const user = userEvent.setup();
    const form = renderForm();
    expect(fieldValue(form, 'Name')).toBe('Kavya Menon');
    expect(fieldValue(form, 'Email')).toBe(shopper.email);
    expect(fieldValue(form, 'Message')).toBe('');

    await user.type(within(form).getByLabelText('Message'), sent.message);
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await within(form).findByRole('button', { name: 'Submitted' });
    expect(api.callsTo('POST /api/contact')[0]?.body).toEqual({
      name: 'Kavya Menon',
      email: shopper.email,
      message: sent.message,
      topic: 'message',
    });
    expect(fieldValue(form, 'Name')).toBe('Kavya Menon');
    expect(fieldValue(form, 'Message')).toBe('');
  });

  it('a shopper who signed up by phone gets the name, and types an e-mail', () => {
    setSessionUser(aUser({ firstName: 'Ravi', lastName: '', email: null }));
    const form = renderForm();
    expect(fieldValue(form, 'Name')).toBe('Ravi');
    expect(fieldValue(form, 'Email')).toBe('');
  });

  it('sends a name on one line, whatever was pasted into it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /api/contact': { success: true } });
    const form = renderForm();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: ' Ananya\t\t Rao ' } });
    await user.type(within(form).getByLabelText('Email'), sent.email);
    await user.type(within(form).getByLabelText('Message'), sent.message);
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('POST /api/contact')).toHaveLength(1));
    expect(api.callsTo('POST /api/contact')[0]?.body).toMatchObject({ name: 'Ananya Rao' });
  });

  // docs/product.md#complaints: a complaint gets its acknowledgement number on the success screen.
  it('sends a complaint, says how it is handled, and shows its number once sent', async () => {
    const reply = deferred<object>();
    const api = fakeApi({ 'POST /api/contact': () => reply.promise });
    const user = userEvent.setup();
    const form = renderForm();
    const topic = within(form).getByLabelText('What is this about?');
    expect((topic as HTMLSelectElement).value).toBe('message');
    expect(within(form).queryByText(complaintTexts.hint)).toBeNull();

    await user.selectOptions(topic, 'A complaint');
    expect(within(form).getByText(complaintTexts.hint)).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), sent.name);
    await user.type(within(form).getByLabelText('Email'), sent.email);
    await user.type(within(form).getByLabelText('Message'), 'My mitten arrived torn.');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    await within(form).findByRole('button', { name: 'Submitting...' });
    expect(api.callsTo('POST /api/contact')[0]?.body).toEqual({
      ...sent,
      message: 'My mitten arrived torn.',
      topic: 'complaint',
    });
    reply.resolve({
      success: true,
      message: 'Message sent successfully!',
      complaintNumber: 'GRV-2026-000123',
    });

    await within(form).findByRole('button', { name: 'Submitted' });
    const status = within(form).getByRole('status');
    expect(status.textContent).toBe(
      `Message sent successfully!${complaintTexts.received('GRV-2026-000123')}`,
    );
    expect(within(status).getByText(/Your complaint number is GRV-2026-000123\./)).toBeTruthy();
    // The form is ready for another message, a question by default.
    expect((within(form).getByLabelText('What is this about?') as HTMLSelectElement).value).toBe('message');
    expect(fieldValue(form, 'Message')).toBe('');

    // Writing again clears the number with the rest of the success screen.
    await user.type(within(form).getByLabelText('Message'), 'A');
    expect(within(form).getByRole('status').textContent).toBe('');
  });

  it('shows no complaint number for a question', async () => {
    fakeApi({ 'POST /api/contact': { success: true, message: 'Message sent successfully!' } });
    const form = await fillAndSubmit();
    await within(form).findByRole('button', { name: 'Submitted' });
    expect(within(form).getByRole('status').textContent).toBe('Message sent successfully!');
  });
});
