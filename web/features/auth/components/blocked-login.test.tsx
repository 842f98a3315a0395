import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonReply } from '../../../test/fake-api';
import { renderShop } from '../../../test/render-shop';
import { aUser } from '../../../test/users';

// docs/product.md#customers: a shopper the owner blocked gives the right password and is told why they are
// not let in; the API's refusal (403 with this message) is tested in admin-customers.test.ts.
describe('the login of a blocked shopper', () => {
  it('shows the blocked message in the Login dialog and leaves the shopper signed out', async () => {
    const blocked = 'This account has been blocked. Please write to us through the contact page.';
    const { api } = renderShop('/', {
      api: { 'POST /api/auth/login': () => jsonReply(403, { message: blocked }) },
    });
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    await user.click(await within(banner).findByRole('button', { name: 'Login' }));
    // The dialog's code is loaded on the first press: a cold transform of it is slow on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Login' }, { timeout: 15_000 });

    await user.click(within(dialog).getByLabelText('Email'));
    await user.paste('kavya@example.in');
    await user.click(within(dialog).getByLabelText('Password'));
    await user.paste('silk-mitten-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(blocked);
    expect(api.callsTo('POST /api/auth/login').map((call) => call.body)).toEqual([
      { email: 'kavya@example.in', password: 'silk-mitten-2026' },
    ]);
    expect(within(banner).getByRole('button', { name: 'Login' })).toBeTruthy();
  }, 30_000);

  it('tells a signed-in shopper whose session a block ended why, in the Login dialog, not sent home silently', async () => {
    const blocked = 'This account has been blocked. Please write to us through the contact page.';
    renderShop('/', {
      user: aUser(),
      api: { 'GET /api/auth/profile': () => jsonReply(401, { message: blocked }) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Login' }, { timeout: 15_000 });
    expect(within(dialog).getByRole('alert').textContent).toBe(blocked);
    expect(within(await screen.findByRole('banner')).getByRole('button', { name: 'Login' })).toBeTruthy();
  }, 30_000);
});
