import type { Order } from '../contracts/orders';
import { expect, test } from './fixtures';
import { aShopper, latestOtp, openLoginModal, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { apiHeaders, fillCart, payForCart } from './support/shop';

// axe-core on the pages and dialogs of the shopper's journey on a phone that the other specs do not already
// check (they cover the Login prompt, Sign Up's errors, the cart, checkout, the wishlist picker, Change
// Address, the success page, My Orders, the tracking dialog, the profile's edit form and /orders as a
// visitor). The payment simulator's window is Razorpay's, not ours, and is left out.

test.use({ viewport: phoneViewport });

const policyPages = [
  { path: '/terms-and-conditions', title: 'Terms and Conditions' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/cancellation-refund', title: 'Cancellation and Refund Policy' },
  { path: '/shipping-delivery', title: 'Shipping and Delivery Policy' },
];

// A page at a time costs a few seconds of axe on a phone: the visitor's pages are split in three tests.
test("a visitor's home: the grid, search suggestions and the location dialog", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Our Mittens' }).getByRole('article')).toHaveCount(7);
  await expectNoAxeViolations(page);

  await page.getByRole('combobox', { name: 'Search mittens' }).fill('luxury');
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Clear Search' }).click();

  await page.getByRole('banner').getByRole('button', { name: 'Deliver to Set Location' }).click();
  const location = page.getByRole('dialog', { name: 'Choose your location' });
  await expect(location.getByText('No address found. Please update your profile.')).toBeVisible();
  await expectNoAxeViolations(page);
  await location.getByRole('button', { name: 'Close' }).click();
  await expect(location).toBeHidden();
});

test("a visitor's product page and contact section", async ({ page }) => {
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Face Mitt' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/#contact');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a visitor's policy pages and the 404 page", async ({ page }) => {
  for (const policy of policyPages) {
    await page.goto(policy.path);
    await expect(page.getByRole('heading', { level: 1, name: policy.title })).toBeVisible();
    await expectNoAxeViolations(page);
  }

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('each step of the login and sign-up dialog, the OTP step included', async ({ page, request }) => {
  const shopper = aShopper();
  await page.goto('/');
  const login = await openLoginModal(page);
  await expect(login.getByLabel('Email')).toBeVisible();
  await expectNoAxeViolations(page);

  await login.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  const verifyWith = dialog.getByRole('group', { name: 'Verify with' });
  await verifyWith.getByRole('button', { name: 'Phone' }).click();
  await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeVisible();
  await expectNoAxeViolations(page);

  await verifyWith.getByRole('button', { name: 'Email' }).click();
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('button', { name: 'Sent' })).toBeDisabled();
  await expect(dialog.getByLabel('OTP')).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByLabel('OTP').fill(await latestOtp(request, shopper.email));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('status')).toHaveText('OTP verified successfully!');
  await expect(dialog.getByLabel('First Name')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a shopper's location dialog, wishlist page and profile", async ({ page, server }) => {
  const shopper = await signInBrowser(page, server);
  await page.request.post('/api/wishlist/update', {
    headers: apiHeaders,
    data: { wishlist: [{ id: 2 }, { id: 7 }] },
  });

  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: `Deliver to ${shopper.city}, ${shopper.pincode}` })
    .click();
  const location = page.getByRole('dialog', { name: 'Choose your location' });
  await expect(location.getByRole('button', { name: 'Update Address' })).toBeVisible();
  await expectNoAxeViolations(page);
  await location.getByRole('button', { name: 'Close' }).click();

  await page.goto('/wishlist');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
  await expectNoAxeViolations(page);

  await page.goto('/profile');
  const edit = page.getByRole('button', { name: 'Edit' });
  await expect(edit).toBeVisible();
  await expectNoAxeViolations(page);
  await edit.click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("My Orders' cancel dialog", async ({ page, server }) => {
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  const orderId = await payForCart(page);
  const { order } = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { order: Order };

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(dialog.getByRole('button', { name: 'Keep Order' })).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Keep Order' }).click();
  await expect(dialog).toBeHidden();
});
