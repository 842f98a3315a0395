import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { winbackMessages } from '../../../contracts/winback-rules';
import { jsonReply } from '../../test/fake-api';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// docs/product.md#winback-links and #winback-consent: where a checkout reminder's two links open.

const slow = { timeout: 10_000 };
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';

describe('a checkout reminder’s link', { timeout: 20_000 }, () => {
  it('asks a signed-out shopper to log in first, and asks the server nothing', async () => {
    const { api } = renderShop(`/profile?resume=${TOKEN}`);
    expect(
      await screen.findByText('Sign in to go back to your checkout with your cart as you left it.', {}, slow),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/checkout-reminders/resume')).toEqual([]);
  });

  it('brings the cart back and goes on to checkout', async () => {
    const { api } = renderShop(`/profile?resume=${TOKEN}`, {
      user: aUser(),
      api: {
        'POST /api/checkout-reminders/resume': {
          to: 'checkout',
          message: winbackMessages.resumed,
          couponCode: null,
        },
      },
    });
    await waitFor(() => expect(document.title.startsWith('Checkout ·')).toBe(true), slow);
    expect(api.callsTo('POST /api/checkout-reminders/resume').map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
  });

  it('says so when the link is not valid', async () => {
    renderShop(`/profile?resume=${TOKEN}`, {
      user: aUser(),
      api: {
        'POST /api/checkout-reminders/resume': () => jsonReply(404, { message: winbackMessages.linkInvalid }),
      },
    });
    expect(await screen.findByText(winbackMessages.linkInvalid, {}, slow)).toBeTruthy();
  });

  it('turns reminders off at once, without signing in', async () => {
    const { api } = renderShop(`/profile?opt-out=${TOKEN}`, {
      api: { 'POST /api/checkout-reminders/opt-out': { message: winbackMessages.optedOut } },
    });
    expect(
      await screen.findByText(
        `${winbackMessages.optedOut} You can turn them on again in your profile.`,
        {},
        slow,
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/checkout-reminders/opt-out').map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
  });
});
