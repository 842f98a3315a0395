import { expectedDeliveryDate, formatArrivalDay, promiseFactsOf } from '../contracts/delivery';
import type { Order } from '../contracts/orders';
import { readOutbox } from '../server/test/dev-outbox';
import { createShopper } from '../server/test/shopper-factory';
import { expect, test } from './fixtures';
import { accountMenu, aShopper, logInBrowser, testAddress } from './support/accounts';
import { payAtCheckout, shiprocketSimulatorOf } from './support/shop';

// docs/product.md#phone-and-email: a shopper who signed up by phone has no e-mail; order updates go by SMS.

const headers = { 'X-Requested-With': 'fetch' };

test('a phone-only shopper pays, gets the confirmation by SMS, and sees no e-mail anywhere', async ({
  page,
  server,
}) => {
  const shopper = aShopper({ firstName: 'Kavya' });
  const { user } = await createShopper(server.app, {
    email: null,
    phone: shopper.mobile,
    firstName: shopper.firstName,
    lastName: shopper.lastName,
    ...testAddress,
    city: shopper.city,
    pincode: shopper.pincode,
  });
  expect(user.email).toBeNull();
  await logInBrowser(page, server, { ...shopper, user });
  const cart = await page.request.post('/api/cart/update', {
    headers,
    data: { cart: [{ id: 1, quantity: 1 }] },
  });
  expect(cart.status(), await cart.text()).toBe(200);

  // Until the courier is booked, the confirmation promises the shop's own date; a parcel booked before the
  // message job runs would bring the courier's day instead, so Shiprocket waits until the SMS is checked.
  const shiprocket = shiprocketSimulatorOf(server);
  shiprocket.failApi('unavailable');
  try {
    await page.goto('/checkout');
    const orderId = await payAtCheckout(page);

    const reply = await page.request.get(`/api/orders/${orderId}`);
    const order = ((await reply.json()) as { order: Order }).order;
    const number = `OM-${orderId.slice(0, 8).toUpperCase()}`;
    const expectedBy = formatArrivalDay(expectedDeliveryDate(promiseFactsOf(order)));
    const link = `${server.app.config.publicUrl}/payment-success?orderId=${orderId}`;
    // The confirmation is the order.email job's work, which the server's workers pick up.
    await expect
      .poll(async () =>
        (await readOutbox(page.request, `+91${shopper.mobile}`)).map((m) => [m.channel, m.body]),
      )
      .toEqual([
        [
          'sms',
          `Ottoman Mittens: your order ${number} of ₹339 is confirmed. Expected by ${expectedBy}. Details: ${link}`,
        ],
      ]);
  } finally {
    shiprocket.restoreApi();
  }

  await accountMenu(page, 'Kavya').click();
  const panel = page.getByRole('navigation', { name: 'Account' });
  await expect(panel.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(panel).not.toContainText('@');

  await panel.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('First Name')).toHaveValue('Kavya');
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByText('phone.ottomanmittens.in')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(`${shopper.mobile}@`);
});
