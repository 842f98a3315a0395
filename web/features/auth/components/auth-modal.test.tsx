import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../test/deferred';
import { type ApiRoutes, fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { deliveryRoute } from '../../../test/shop-lists';
import { aUser } from '../../../test/users';
import { AuthModal, type AuthMode } from './auth-modal';

// docs/product.md#screens Login/signup modal and docs/product.md#behaviour: the states of its views. The
// journeys through the real server are e2e/auth.spec.ts and e2e/account.spec.ts.

const emailSent = 'OTP sent to your email! Please check your inbox and spam folder.';
const phoneSent = 'OTP sent to your phone!';

function renderModal(mode: AuthMode, routes: ApiRoutes = {}) {
  const api = fakeApi({
    'GET /api/config': { google: { clientId: 'test-client', mode: 'simulator' } },
    ...routes,
  });
  const onLoginSuccess = vi.fn();
  const { wrapper } = createQueryWrapper();
  render(<AuthModal open initialMode={mode} onClose={() => {}} onLoginSuccess={onLoginSuccess} />, {
    wrapper,
  });
  return { api, onLoginSuccess, user: userEvent.setup() };
}

const dialogNamed = (name: string) => screen.getByRole('dialog', { name });
const button = (scope: HTMLElement, name: string) => within(scope).getByRole('button', { name });
/** The text of the elements that describe a field (its message beside it). */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

async function fillSignupDetails(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  password: string,
  options: { mobile: boolean },
) {
  const field = (label: string) => within(dialog).getByLabelText(label);
  await fill(user, field('First Name'), 'Meera');
  await fill(user, field('Last Name'), 'Rao');
  await fill(user, field('Password'), password);
  if (options.mobile) await fill(user, field('Mobile Number'), '9812345670');
  await fill(user, field('House Name'), '12 Silk Lane');
  await fill(user, field('Street/Area'), 'Koregaon Park');
  await fill(user, field('City'), 'Pune');
  await user.selectOptions(field('State'), 'Maharashtra');
  await fill(user, field('Country'), 'India');
  await fill(user, field('Pincode'), '411001');
}

describe('the signup view', { timeout: 20_000 }, () => {
  it('verifies an e-mail: refuses one without @, says Sending... then Sent, starts over when the e-mail changes, then locks it', async () => {
    const send = deferred<object>();
    const { api, user } = renderModal('signup', {
      'POST /api/auth/send-otp': () => send.promise,
      'POST /api/auth/verify-otp': { message: 'OTP verified successfully!', verificationToken: 'ticket' },
    });
    const dialog = dialogNamed('Sign Up');
    const verifyWith = within(dialog).getByRole('group', { name: 'Verify with' });
    expect(button(verifyWith, 'Email').getAttribute('aria-pressed')).toBe('true');

    // docs/product.md#phone-and-email: an e-mail OTP needs an @.
    const email = within(dialog).getByLabelText('Email');
    await fill(user, email, 'meera.example.in');
    await user.click(button(dialog, 'Send OTP'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(api.callsTo('POST /api/auth/send-otp')).toHaveLength(0);

    await fill(user, email, 'meera@example.in');
    await user.click(button(dialog, 'Send OTP'));
    expect(isDisabled(button(dialog, 'Sending...'))).toBe(true);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    send.resolve({ status: 'success', message: emailSent });
    expect(isDisabled(await within(dialog).findByRole('button', { name: 'Sent' }))).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toBe(emailSent);

    // docs/product.md#behaviour: editing the e-mail after sending starts over; sending again works.
    await user.type(email, 'x');
    expect(isDisabled(button(dialog, 'Send OTP'))).toBe(false);
    expect(within(dialog).queryByLabelText('OTP')).toBeNull();
    await fill(user, email, 'meera@example.in');
    await user.click(button(dialog, 'Send OTP'));
    await within(dialog).findByRole('button', { name: 'Sent' });
    expect(api.callsTo('POST /api/auth/send-otp').map((call) => call.body)).toEqual([
      { email: 'meera@example.in' },
      { email: 'meera@example.in' },
    ]);

    await user.type(within(dialog).getByLabelText('OTP'), '123456');
    await user.click(button(dialog, 'Verify OTP'));
    expect(isDisabled(await within(dialog).findByRole('button', { name: 'Verified' }))).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toBe('OTP verified successfully!');
    expect(email.hasAttribute('readonly')).toBe(true);
  });

  it('refuses @ in the last name, names a short password beside it with focus, says Signing up... and signs in with the reply', async () => {
    const signup = deferred<object>();
    const meera = aUser({ firstName: 'Meera', email: 'meera@example.in' });
    const { api, user, onLoginSuccess } = renderModal('signup', {
      'POST /api/auth/send-otp': { status: 'success', message: emailSent },
      'POST /api/auth/verify-otp': { message: 'OTP verified successfully!', verificationToken: 'ticket' },
      'POST /api/auth/signup': () => signup.promise,
      ...deliveryRoute('411001'),
    });
    const dialog = dialogNamed('Sign Up');
    await user.type(within(dialog).getByLabelText('Email'), 'meera@example.in');
    await user.click(button(dialog, 'Send OTP'));
    await user.type(await within(dialog).findByLabelText('OTP'), '123456');
    await user.click(button(dialog, 'Verify OTP'));
    await within(dialog).findByRole('button', { name: 'Verified' });

    await fillSignupDetails(user, dialog, 'silk', { mobile: true });
    // docs/product.md#signup-rules: the last name field refuses input containing @.
    // Pasted at once, as a browser's fill does: typed key by key, only the @ would be dropped.
    fireEvent.change(within(dialog).getByLabelText('Last Name'), { target: { value: 'Rao@home' } });
    expect((within(dialog).getByLabelText('Last Name') as HTMLInputElement).value).toBe('Rao');
    await user.click(button(dialog, 'Sign Up'));
    // Beside the field, which gets focus (docs/product.md#signup-rules).
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(description(password)).toBe('Password must be at least 6 characters long'));
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(api.callsTo('POST /api/auth/signup')).toHaveLength(0);

    await fill(user, password, 'silk-mitten-2026');
    await user.click(button(dialog, 'Sign Up'));
    expect(isDisabled(await within(dialog).findByRole('button', { name: 'Signing up...' }))).toBe(true);
    signup.resolve({ message: 'Signup successful', user: meera });
    // docs/product.md#behaviour: a reply with the user signs in at once.
    await waitFor(() => expect(onLoginSuccess).toHaveBeenCalledWith(meera));
    expect(api.callsTo('POST /api/auth/signup')[0]?.body).toMatchObject({
      verificationToken: 'ticket',
      email: 'meera@example.in',
      mobile: '9812345670',
      city: 'Pune',
    });
  });

  it('verifies a phone: names a missing or malformed number, says Verifying..., and asks no separate mobile', async () => {
    const verify = deferred<object>();
    const { api, user, onLoginSuccess } = renderModal('signup', {
      'POST /api/auth/send-otp': { status: 'success', message: phoneSent },
      'POST /api/auth/verify-otp': () => verify.promise,
      'POST /api/auth/signup': { message: 'Signup successful', user: aUser({ email: null }) },
    });
    const dialog = dialogNamed('Sign Up');
    await user.click(button(within(dialog).getByRole('group', { name: 'Verify with' }), 'Phone'));

    await user.click(button(dialog, 'Send OTP'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Phone number is required');
    const phone = within(dialog).getByLabelText('Phone Number');
    await user.type(phone, '12345');
    await user.click(button(dialog, 'Send OTP'));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Invalid phone number format. Please use +91 98765 43211 or a 10-digit number',
    );
    expect(api.callsTo('POST /api/auth/send-otp')).toHaveLength(0);

    await fill(user, phone, '+919812345670');
    await user.click(button(dialog, 'Send OTP'));
    expect((await within(dialog).findByRole('status')).textContent).toBe(phoneSent);
    expect(api.callsTo('POST /api/auth/send-otp')[0]?.body).toEqual({ mobile: '9812345670' });
    await user.type(within(dialog).getByLabelText('OTP'), '123456');
    await user.click(button(dialog, 'Verify OTP'));
    expect(isDisabled(button(dialog, 'Verifying...'))).toBe(true);
    verify.resolve({ message: 'OTP verified successfully!', verificationToken: 'ticket' });
    await within(dialog).findByRole('button', { name: 'Verified' });

    // The phone method asks for no separate mobile number.
    expect(within(dialog).queryByLabelText('Mobile Number')).toBeNull();
    await fillSignupDetails(user, dialog, 'silk-mitten-2026', { mobile: false });
    await user.click(button(dialog, 'Sign Up'));
    await waitFor(() => expect(onLoginSuccess).toHaveBeenCalledOnce());
    const body = api.callsTo('POST /api/auth/signup')[0]?.body;
    expect(body).toMatchObject({ phone: '9812345670', phoneNumber: '9812345670' });
    expect(body).not.toHaveProperty('email');
  });
});

describe('the login view', () => {
  it('by phone: names a number that is not 10 digits, sends a 0-led number as its 10 digits, says Logging in...', async () => {
    const login = deferred<object>();
    const ishaan = aUser({ firstName: 'Ishaan' });
    const { api, user, onLoginSuccess } = renderModal('login', {
      'POST /api/auth/login': () => login.promise,
    });
    const dialog = dialogNamed('Login');
    await user.click(button(within(dialog).getByRole('group', { name: 'Login with' }), 'Phone'));
    const phone = within(dialog).getByLabelText('Phone Number');
    await user.type(phone, '98765');
    await user.type(within(dialog).getByLabelText('Password'), 'silk-mitten-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Phone number must be exactly 10 digits (e.g., 9876543211)',
    );
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);

    await fill(user, phone, '09812345670');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(isDisabled(button(dialog, 'Logging in...'))).toBe(true);
    login.resolve({ message: 'Login successful', user: ishaan });
    await waitFor(() => expect(onLoginSuccess).toHaveBeenCalledWith(ishaan));
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      mobile: '9812345670',
      password: 'silk-mitten-2026',
    });
  });

  it("shows a wrong password's server message; switching views clears it and resets the method to email", async () => {
    const { user, onLoginSuccess } = renderModal('login', {
      'POST /api/auth/login': () => jsonReply(400, { message: 'Invalid email/phone or password' }),
    });
    const dialog = dialogNamed('Login');
    await user.type(within(dialog).getByLabelText('Email'), 'tara@example.in');
    await user.type(within(dialog).getByLabelText('Password'), 'not-my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid email/phone or password');
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Login' }))).toBe(false);
    expect(onLoginSuccess).not.toHaveBeenCalled();

    // docs/product.md#behaviour: switching views clears the error and resets the method to email.
    await user.click(button(dialog, 'Sign Up'));
    expect(within(dialogNamed('Sign Up')).queryByRole('alert')).toBeNull();
    await user.click(within(dialogNamed('Sign Up')).getByRole('button', { name: 'Login' }));
    await user.click(
      button(within(dialogNamed('Login')).getByRole('group', { name: 'Login with' }), 'Phone'),
    );
    await user.click(button(dialogNamed('Login'), 'Sign Up'));
    await user.click(within(dialogNamed('Sign Up')).getByRole('button', { name: 'Login' }));
    const loginWith = within(dialogNamed('Login')).getByRole('group', { name: 'Login with' });
    expect(button(loginWith, 'Email').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the code views', () => {
  it('logs in with a code sent to a phone, the same answer for any number; an edited number can be sent again', async () => {
    const ravi = aUser({ firstName: 'Ravi', email: null });
    const { api, user, onLoginSuccess } = renderModal('login', {
      'POST /api/auth/send-otp': { status: 'success', message: phoneSent },
      'POST /api/auth/login/code': { message: 'Login successful', user: ravi },
    });
    await user.click(button(dialogNamed('Login'), 'Login with OTP instead'));
    const dialog = dialogNamed('Login with OTP');
    await user.click(button(within(dialog).getByRole('group', { name: 'Send the OTP to' }), 'Phone'));
    const phone = within(dialog).getByLabelText('Phone Number');
    await user.type(phone, '9812345671');
    await user.click(button(dialog, 'Send OTP'));
    expect((await within(dialog).findByRole('status')).textContent).toBe(phoneSent);

    await fill(user, phone, '+919812345670');
    expect(isDisabled(button(dialog, 'Send OTP'))).toBe(false);
    await user.click(button(dialog, 'Send OTP'));
    await within(dialog).findByRole('button', { name: 'Sent' });
    expect(api.callsTo('POST /api/auth/send-otp').map((call) => call.body)).toEqual([
      { mobile: '9812345671', purpose: 'login' },
      { mobile: '9812345670', purpose: 'login' },
    ]);
    await user.type(within(dialog).getByLabelText('OTP'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onLoginSuccess).toHaveBeenCalledWith(ravi));
    expect(api.callsTo('POST /api/auth/login/code')[0]?.body).toEqual({
      mobile: '9812345670',
      otp: '123456',
    });
  });

  it('shows a refused code, and sets a new password after a refused one, then says other devices were signed out', async () => {
    const nisha = aUser({ firstName: 'Nisha' });
    const { api, user, onLoginSuccess } = renderModal('login', {
      'POST /api/auth/send-otp': { status: 'success', message: emailSent },
      'POST /api/auth/password/reset': () =>
        jsonReply(400, { message: 'This password is too common. Please choose a less guessable one.' }),
    });
    await user.click(button(dialogNamed('Login'), 'Forgot password?'));
    const dialog = dialogNamed('Reset password');
    await user.type(within(dialog).getByLabelText('Email'), 'nisha@example.in');
    expect(within(dialog).queryByLabelText('New Password')).toBeNull();
    await user.click(button(dialog, 'Send OTP'));
    const newPassword = await within(dialog).findByLabelText('New Password');
    expect(within(dialog).getByText('Resend code in 30s')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('OTP'), '123456');
    await user.type(newPassword, 'password');
    await user.click(button(dialog, 'Set new password'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This password is too common. Please choose a less guessable one.',
    );

    api.on({
      'POST /api/auth/password/reset': {
        message: 'Your password has been changed. You have been signed out on every other device.',
        user: nisha,
      },
    });
    await fill(user, newPassword, 'tussar-silk-2026');
    await user.click(button(dialog, 'Set new password'));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Your password has been changed. You have been signed out on every other device.',
    );
    expect(onLoginSuccess).not.toHaveBeenCalled();
    await user.click(button(dialog, 'Continue'));
    expect(onLoginSuccess).toHaveBeenCalledWith(nisha);
    expect(api.callsTo('POST /api/auth/password/reset')[1]?.body).toEqual({
      email: 'nisha@example.in',
      otp: '123456',
      password: 'tussar-silk-2026',
    });
  });
});

describe('our own validation, on Enter too (noValidate)', { timeout: 20_000 }, () => {
  it('Enter on a bad e-mail at sign-up says why beside the field and focuses it, sending nothing', async () => {
    const { api, user } = renderModal('signup');
    const dialog = dialogNamed('Sign Up');
    const email = within(dialog).getByLabelText('Email');
    await user.type(email, 'meera.example.in{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(description(email)).toContain('Please enter a valid email address');
    expect(document.activeElement).toBe(email);
    expect(api.callsTo('POST /api/auth/send-otp')).toHaveLength(0);
    // A good one sends the code on Enter.
    await fill(user, email, 'meera@example.in{Enter}');
    await waitFor(() => expect(api.callsTo('POST /api/auth/send-otp')).toHaveLength(1));
  });

  it('the password login shows a bad e-mail beside the field and focuses it', async () => {
    const { api, user } = renderModal('login');
    const dialog = dialogNamed('Login');
    const email = within(dialog).getByLabelText('Email');
    await user.type(email, 'meera.example.in');
    await user.type(within(dialog).getByLabelText('Password'), 'silk-mitten-42{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(description(email)).toContain('Please enter a valid email address');
    expect(document.activeElement).toBe(email);
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });
});
