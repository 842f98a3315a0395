import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../contracts/auth';
import { jsonReply } from '../../test/fake-api';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// docs/product.md#screens: /login, its returnTo, and the header's account menu, in the whole app. The
// journeys through the real server are e2e/auth.spec.ts.

const homeTitle = 'Ottoman Mittens · Silk exfoliating bath mittens';
// The modal and the pages load on first use: allow for it on a busy machine.
const slow = { timeout: 10_000 };

/** The profile answers as a signed-in shopper's would once the login has set the cookie. */
function signedInRoutes(user: User) {
  return {
    'POST /api/auth/login': { message: 'Login successful', user },
    'POST /api/auth/logout': { message: 'Logged out' },
    'GET /api/auth/profile': { ...user, user },
    'GET /api/auth/sessions': { sessions: [] },
  };
}

async function logIn(user: ReturnType<typeof userEvent.setup>, email: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Login' }, slow);
  await user.type(within(dialog).getByLabelText('Email'), email);
  await user.type(within(dialog).getByLabelText('Password'), 'silk-mitten-2026');
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
}

// The first test of a file loads the lazy modal and pages, which takes seconds on a busy machine.
describe('/login', { timeout: 20_000 }, () => {
  it('lands on returnTo=/profile after logging in', async () => {
    const user = userEvent.setup();
    const tara = aUser({ firstName: 'Tara' });
    const { api } = renderShop('/login?returnTo=%2Fprofile', { api: signedInRoutes(tara) });
    await waitFor(() => expect(document.title).toBe('Login · Ottoman Mittens'));
    await logIn(user, tara.email ?? '');
    expect(await screen.findByRole('heading', { name: 'My Profile' }, slow)).toBeTruthy();
    expect(document.title).toBe('My Profile · Ottoman Mittens');
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: tara.email,
      password: 'silk-mitten-2026',
    });
  });

  it('does not follow a returnTo naming another site: it goes home', async () => {
    const user = userEvent.setup();
    const tara = aUser({ firstName: 'Tara' });
    renderShop('/login?returnTo=%2F%2Fevil.example%2Fsteal', { api: signedInRoutes(tara) });
    await logIn(user, tara.email ?? '');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.title).toBe(homeTitle));
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Hi, Tara' })).toBeTruthy();
  });

  it('goes home when the modal is closed', async () => {
    const user = userEvent.setup();
    renderShop('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Login' }, slow);
    expect(document.title).toBe('Login · Ottoman Mittens');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.title).toBe(homeTitle));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Login' })).toBeTruthy();
  });
});

describe('the header', { timeout: 20_000 }, () => {
  it('greets by first name; its menu shows the e-mail and the links, and Profile closes it', async () => {
    const user = userEvent.setup();
    const zoya = aUser({ firstName: 'Zoya' });
    renderShop('/', { user: zoya, api: { 'GET /api/auth/sessions': { sessions: [] } } });
    const banner = screen.getByRole('banner');
    await user.click(within(banner).getByRole('button', { name: 'Hi, Zoya' }));
    const menu = within(banner).getByRole('navigation', { name: 'Account' });
    expect(within(menu).getByText('Zoya', { exact: true })).toBeTruthy();
    expect(within(menu).getByText(zoya.email ?? '')).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/orders');
    await user.click(within(menu).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'My Profile' }, slow)).toBeTruthy();
    expect(menu.hidden).toBe(true);
  });

  it("greets 'User' when the profile has neither a first name nor a name", () => {
    renderShop('/', { user: aUser({ firstName: '', lastName: '', name: '' }) });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Hi, User' })).toBeTruthy();
  });

  it('signs a stored user whose session is gone out, and sends them home', async () => {
    const ghost = aUser({ firstName: 'Ghost' });
    renderShop('/orders', {
      user: ghost,
      api: {
        'GET /api/auth/profile': () => jsonReply(401, { message: 'Unauthorized' }),
        'GET /api/orders': () => jsonReply(401, { message: 'Unauthorized' }),
      },
    });
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Login' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(homeTitle));
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
