import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiRoutes, fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { aUser } from '../../../test/users';
import { AuthModal } from './auth-modal';

// docs/product.md#one-step-sign-in: the states of "Continue with your mobile number" in the login popup. The
// journey through the real server is e2e/phone-sign-in.spec.ts.

function renderModal(routes: ApiRoutes = {}) {
  const api = fakeApi({
    'GET /api/config': { google: { clientId: 'test-client', mode: 'simulator' } },
    'POST /api/auth/send-otp': { status: 'success', message: 'OTP sent to your phone!' },
    ...routes,
  });
  const onLoginSuccess = vi.fn();
  const { wrapper } = createQueryWrapper();
  render(<AuthModal open initialMode="login" onClose={() => {}} onLoginSuccess={onLoginSuccess} />, {
    wrapper,
  });
  const dialog = screen.getByRole('dialog', { name: 'Login' });
  const phoneForm = within(dialog).getByRole('form', { name: 'Continue with your mobile number' });
  return { api, onLoginSuccess, dialog, phoneForm, user: userEvent.setup() };
}

const newNumberReply = {
  status: 'success',
  message: 'Your number is verified. Tell us your first name to create your account.',
  newAccount: true,
  verificationToken: 'ticket-1',
};

describe('continue with your mobile number', { timeout: 20_000 }, () => {
  it('comes first in the login popup, before the password login and Google', async () => {
    const { dialog, phoneForm } = renderModal();
    const forms = within(dialog).getAllByRole('textbox');
    expect(forms[0]).toBe(within(phoneForm).getByLabelText('Mobile number'));
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
  });

  it('shows the first error beside the number and focuses it, on Enter too, sending nothing', async () => {
    const { api, dialog, phoneForm, user } = renderModal();
    const field = within(phoneForm).getByLabelText('Mobile number');
    await user.type(field, '12345{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toMatch(/phone number/i);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(api.callsTo('POST /api/auth/send-otp')).toHaveLength(0);
  });

  it('signs in the account of a known number: number, OTP, signed in', async () => {
    const shopper = aUser({ phone: '9812345670' });
    const { api, dialog, phoneForm, onLoginSuccess, user } = renderModal({
      'POST /api/auth/phone/verify': { status: 'success', message: 'Login successful', user: shopper },
    });
    await user.type(within(phoneForm).getByLabelText('Mobile number'), '+91 98123 45670');
    await user.click(within(phoneForm).getByRole('button', { name: 'Send OTP' }));
    expect(api.callsTo('POST /api/auth/send-otp')[0]?.body).toEqual({ mobile: '9812345670' });

    // Only the phone sign-in is left in the popup, its code field focused.
    const otp = await within(phoneForm).findByLabelText('OTP');
    expect(document.activeElement).toBe(otp);
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(within(dialog).getByRole('status').textContent).toBe('OTP sent to your phone!');

    await user.type(otp, '123456{Enter}');
    expect(api.callsTo('POST /api/auth/phone/verify')[0]?.body).toEqual({
      mobile: '9812345670',
      otp: '123456',
    });
    expect(onLoginSuccess).toHaveBeenCalledWith(shopper);
  });

  it('says why a wrong code was refused, and keeps the code step', async () => {
    const { dialog, phoneForm, onLoginSuccess, user } = renderModal({
      'POST /api/auth/phone/verify': () =>
        jsonReply(400, { message: 'The OTP is incorrect. Please check it and try again.' }),
    });
    await user.type(within(phoneForm).getByLabelText('Mobile number'), '9812345670{Enter}');
    await user.type(await within(phoneForm).findByLabelText('OTP'), '12{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter the 6-digit OTP.');
    await user.type(within(phoneForm).getByLabelText('OTP'), '3456{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The OTP is incorrect. Please check it and try again.',
    );
    expect(within(phoneForm).getByLabelText('OTP')).toBeTruthy();
    expect(onLoginSuccess).not.toHaveBeenCalled();
  });

  it('creates the account of a new number with only a first name, the last name optional', async () => {
    const created = aUser({ firstName: 'Meera', lastName: '', email: null });
    const { api, dialog, phoneForm, onLoginSuccess, user } = renderModal({
      'POST /api/auth/phone/verify': newNumberReply,
      'POST /api/auth/phone/signup': () =>
        jsonReply(201, { status: 'success', message: 'Welcome', user: created }),
    });
    await user.type(within(phoneForm).getByLabelText('Mobile number'), '9812345670{Enter}');
    await user.type(await within(phoneForm).findByLabelText('OTP'), '123456{Enter}');

    const firstName = await within(phoneForm).findByLabelText('First Name');
    expect(document.activeElement).toBe(firstName);
    expect(within(phoneForm).getByLabelText('Last Name (optional)')).toBeTruthy();
    expect(within(phoneForm).queryByLabelText(/e-?mail|password/i)).toBeNull();

    await user.click(within(phoneForm).getByRole('button', { name: 'Create account' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter your first name');
    expect(document.activeElement).toBe(firstName);
    expect(api.callsTo('POST /api/auth/phone/signup')).toHaveLength(0);

    await user.type(firstName, 'Meera{Enter}');
    expect(api.callsTo('POST /api/auth/phone/signup')[0]?.body).toEqual({
      verificationToken: 'ticket-1',
      firstName: 'Meera',
    });
    expect(onLoginSuccess).toHaveBeenCalledWith(created);
  });

  it('tells a blocked shopper why', async () => {
    const blocked = 'This account has been blocked. Please write to us through the contact page.';
    const { dialog, phoneForm, onLoginSuccess, user } = renderModal({
      'POST /api/auth/phone/verify': () => jsonReply(403, { message: blocked }),
    });
    await user.type(within(phoneForm).getByLabelText('Mobile number'), '9812345670{Enter}');
    await user.type(await within(phoneForm).findByLabelText('OTP'), '123456{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(blocked);
    expect(onLoginSuccess).not.toHaveBeenCalled();
  });

  it('starts over with another number, the other ways back in view', async () => {
    const { dialog, phoneForm, user } = renderModal();
    await user.type(within(phoneForm).getByLabelText('Mobile number'), '9812345670{Enter}');
    await user.click(await within(phoneForm).findByRole('button', { name: 'Change number' }));
    expect(within(phoneForm).getByLabelText('Mobile number')).toBeTruthy();
    expect(within(phoneForm).queryByLabelText('OTP')).toBeNull();
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
  });
});
