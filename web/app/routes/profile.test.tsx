import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../contracts/auth';
import { type ApiCall, jsonReply } from '../../test/fake-api';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// docs/product.md#screens Profile and docs/product.md#behaviour Profile form: the page's states in the whole
// app. The journey through the real server is e2e/profile.spec.ts; the card's phone rules are
// web/features/profile/components/profile-card.test.tsx.

// The first test of a file loads the lazy page, which takes seconds on a busy machine.
const slow = { timeout: 10_000 };

/** A signed-in shopper's profile page; a save changes what the profile answers next, as the server does. */
function renderProfile(shopper: User = aUser()) {
  let current = shopper;
  const rendered = renderShop('/profile', {
    user: shopper,
    api: {
      'GET /api/auth/profile': () => ({ ...current, user: current }),
      'PUT /api/auth/profile': ({ body }: ApiCall) => {
        current = { ...current, ...(body as Partial<User>) };
        return { ...current, user: current };
      },
      'GET /api/auth/sessions': { sessions: [] },
      'POST /api/auth/logout': { message: 'Logged out' },
      'POST /api/auth/password': () => {
        current = { ...current, passwordSet: true };
        return {
          status: 'success',
          message: 'Your password is set. You can now also log in with it.',
          user: current,
        };
      },
      'POST /api/auth/send-otp': { status: 'success', message: 'OTP sent to your phone!' },
      'POST /api/auth/verify-otp': {
        status: 'success',
        message: 'OTP verified successfully!',
        verificationToken: 't1',
      },
    },
  });
  return { ...rendered, user: userEvent.setup() };
}

/** The header's delivery location, whose city and pincode are separate spans. */
const headerLocation = () => document.querySelector('.location-block__label')?.textContent;

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the profile page', { timeout: 20_000 }, () => {
  it('asks a visitor to log in', async () => {
    renderShop('/profile');
    expect(await screen.findByText('Please log in to view this page.', {}, slow)).toBeTruthy();
  });

  it('Cancel discards the edits; a refused save shows why', async () => {
    const { api, user } = renderProfile();
    // docs/product.md#validation Profile update: the server refuses a short pincode (server/modules/auth/session.test.ts).
    api.on({
      'PUT /api/auth/profile': () =>
        jsonReply(400, { message: 'Pincode must be 6 digits and cannot start with 0' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }, slow));
    await user.selectOptions(field('State'), 'Goa');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('State').value).toBe('Maharashtra');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Pincode'));
    await user.type(field('Pincode'), '4110');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The card loads its schema on the first save (docs/operations.md#performance-budget).
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'Failed to update profile: Pincode must be 6 digits and cannot start with 0',
    );
    expect(field('Pincode').getAttribute('aria-invalid')).toBe('true');
    // docs/product.md#pincode-directory: the form keeps the rule itself; the server is not asked.
    expect(api.callsTo('PUT /api/auth/profile')).toEqual([]);
    // Still editing: nothing was taken as saved.
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('says a save succeeded for 2000 ms, back in view mode, and the header follows the new address', async () => {
    const { api, user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, slow));
    await user.clear(field('City'));
    await user.type(field('City'), 'Mumbai');
    await user.clear(field('Pincode'));
    await user.type(field('Pincode'), '400001');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const saved = await screen.findByText('Profile updated successfully!', {}, slow);
    expect(saved.getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(field('City').readOnly).toBe(true);
    expect(api.callsTo('PUT /api/auth/profile')[0]?.body).toMatchObject({
      city: 'Mumbai',
      pincode: '400001',
    });
    await waitFor(() => expect(headerLocation()).toBe('Mumbai, 400001'));
    // docs/product.md#numbers-and-timings: the message goes after 2000 ms.
    await waitFor(() => expect(screen.queryByText('Profile updated successfully!')).toBeNull(), {
      timeout: 4000,
    });
  });

  it('checks a new phone: no OTP for the same number, a number that is no mobile is refused before any SMS', async () => {
    const { api, user } = renderProfile(aUser({ phone: '9812345670', mobile: '9812345670' }));
    api.on({
      'POST /api/auth/send-otp': { status: 'success', message: 'OTP sent to your phone!' },
      'POST /api/auth/verify-otp': { message: 'OTP verified successfully!', verificationToken: 'ticket' },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }, slow));
    // An unchanged phone asks for no OTP.
    expect(screen.queryByRole('button', { name: 'Send OTP' })).toBeNull();

    // docs/product.md#phone-and-email: a number that is no mobile is refused before any SMS.
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '9999999999');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'This number is one digit repeated, which we do not accept as a real mobile. Please enter your own mobile number.',
    );
    expect(api.callsTo('POST /api/auth/send-otp')).toHaveLength(0);

    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+91 9123456780');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('OTP sent to your phone!')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/send-otp')[0]?.body).toEqual({ mobile: '9123456780' });
    await user.type(field('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    const verified = await screen.findByRole('button', { name: 'Verified' });
    expect((verified as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully!', {}, slow)).toBeTruthy();
    expect(api.callsTo('PUT /api/auth/profile')[0]?.body).toMatchObject({
      phone: '+91 9123456780',
      phoneVerificationToken: 'ticket',
    });
  });

  it("Logout on the page ends the session and goes to /login's modal", async () => {
    const { api, user } = renderProfile();
    await screen.findByRole('heading', { name: 'My Profile' }, slow);
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('dialog', { name: 'Login' }, slow)).toBeTruthy();
    expect(document.title).toBe('Login · Ottoman Mittens');
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('Sign out everywhere says so on the page and shows a visitor', async () => {
    const { api, user } = renderProfile();
    api.on({ 'DELETE /api/auth/sessions': { message: 'You have been signed out on every device.' } });
    const devices = await screen.findByRole('region', { name: 'Signed-in devices' }, slow);
    await user.click(within(devices).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Signed out' })).toBeTruthy();
    expect(screen.getByText('You have been signed out on every device.')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(api.callsTo('DELETE /api/auth/sessions')).toHaveLength(1);
  });

  it('lets an account without a password set one, no current password asked (docs/product.md#one-step-sign-in)', async () => {
    const { api, user } = renderProfile(aUser({ email: null, passwordSet: false, phoneVerified: true }));
    const section = await screen.findByRole('region', { name: 'Ways to log in' }, slow);
    await user.click(within(section).getByRole('button', { name: 'Set password' }));
    expect(within(section).getByRole('alert').textContent).toBe(
      'Password must be at least 6 characters long',
    );
    expect(document.activeElement).toBe(within(section).getByLabelText('New Password'));
    await user.type(within(section).getByLabelText('New Password'), 'silk-mitten-42{Enter}');
    expect(api.callsTo('POST /api/auth/password')[0]?.body).toEqual({ password: 'silk-mitten-42' });
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Your password is set. You can now also log in with it.',
    );
    await waitFor(() => expect(within(section).queryByLabelText('New Password')).toBeNull());
  });

  it("shows an e-mail signup's mobile as not verified, verified with an OTP one tap away", async () => {
    const { api, user } = renderProfile(
      aUser({ phone: '9812345670', mobile: '9812345670', phoneVerified: false }),
    );
    const section = await screen.findByRole('region', { name: 'Ways to log in' }, slow);
    expect(section.textContent).toContain('Mobile 9812345670: not verified: verify to log in with it.');
    await user.click(within(section).getByRole('button', { name: 'Send OTP' }));
    expect(api.callsTo('POST /api/auth/send-otp')[0]?.body).toEqual({ mobile: '9812345670' });
    await user.type(within(section).getByLabelText('OTP'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Verify OTP' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/auth/profile')[0]?.body).toEqual({
        phone: '9812345670',
        phoneVerificationToken: 't1',
      }),
    );
  });
});
