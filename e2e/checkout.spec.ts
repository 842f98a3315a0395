import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { fillCart, promisedArrival } from './support/shop';

/** The value next to a label in a <dl> of totals. */
function totalsRow(region: Locator, label: string): Locator {
  return region
    .locator('div', { has: region.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

async function expectRows(region: Locator, rows: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(rows)) {
    await expect(totalsRow(region, label)).toHaveText(value);
  }
}

function priceDetails(page: Page): Locator {
  return page.getByRole('region', { name: 'Price Details' });
}

function checkoutItem(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** docs/product.md#numbers-and-timings: seven days from today, as en-IN writes a date. */

test('checkout shows the shopper, the items and the same totals as the cart', async ({ page, server }) => {
  await signInBrowser(page, server);
  await fillCart(page.request, [
    { id: 1, quantity: 2 },
    { id: 6, quantity: 1 },
  ]);

  await page.goto('/cart');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  // 2 x ₹239 + ₹389 = ₹867: from 500 the shipping is ₹75 (docs/product.md#money).
  await expectRows(summary, { Subtotal: '₹867', Shipping: '₹75', Total: '₹942' });
  await page.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Deliver to: Asha Verma')).toBeVisible();
  await expect(page.getByText('411001, India', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2/2 ITEMS SELECTED' })).toBeVisible();

  const faceMitt = checkoutItem(page, 'Face Mitt');
  await expect(faceMitt.getByText('Size: M')).toBeVisible();
  await expect(faceMitt.getByText('Qty: 2')).toBeVisible();
  await expect(faceMitt.locator('s')).toHaveText('₹798');
  await expect(faceMitt.getByText('₹478', { exact: true })).toBeVisible();
  await expect(faceMitt.getByText('7 days return available')).toBeVisible();
  // docs/product.md#delivery-date: the day promised for the address's pincode.
  const arrival = await promisedArrival(page.request, '411001');
  await expect(faceMitt.getByText(arrival, { exact: true })).toBeVisible();
  const softMitt = checkoutItem(page, 'Soft Mitt');
  await expect(softMitt.getByText('Qty: 1')).toBeVisible();
  await expect(softMitt.locator('s')).toHaveText('₹649');
  await expect(softMitt.getByText('₹389', { exact: true })).toBeVisible();

  await expectRows(priceDetails(page), {
    'Total MRP': '₹1,447',
    'Discount on MRP': '−₹580',
    'Coupon Discount': 'Apply Coupon',
    'Shipping Cost': '₹75',
    'Total Amount': '₹942',
  });
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();

  // docs/product.md#screens: the title goes to the product.
  await faceMitt.getByRole('link', { name: 'Face Mitt' }).click();
  await expect(page).toHaveURL(/\/product\/1$/);
});

test('at ₹1,000 or more the shipping cost reads FREE', async ({ page, server }) => {
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 7, quantity: 2 }]);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeVisible();
  await expectRows(priceDetails(page), {
    'Total MRP': '₹1,998',
    'Discount on MRP': '−₹800',
    'Shipping Cost': 'FREE',
    'Total Amount': '₹1,198',
  });
});

test('items are removed, moved to the wishlist and added back from it', async ({ page, server }) => {
  await signInBrowser(page, server);
  await fillCart(page.request, [
    { id: 2, quantity: 1 },
    { id: 3, quantity: 1 },
  ]);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: '2/2 ITEMS SELECTED' })).toBeVisible();

  await page.getByRole('button', { name: 'Add More From Wishlist' }).click();
  const picker = page.getByRole('dialog', { name: 'Add More From Wishlist' });
  await expect(picker.getByText('No items in wishlist.')).toBeVisible();
  await picker.getByRole('button', { name: 'Close' }).click();

  await checkoutItem(page, 'For Normal Skin').getByRole('button', { name: 'Move to Wishlist' }).click();
  await expect(page.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  await expectRows(priceDetails(page), { 'Total MRP': '₹949', 'Total Amount': '₹644' });

  await page.getByRole('button', { name: 'Add More From Wishlist' }).click();
  await picker.getByRole('button', { name: 'Add to Cart: For Normal Skin' }).click();
  await expect(page.getByRole('heading', { name: '2/2 ITEMS SELECTED' })).toBeVisible();
  await expect(picker.getByText('No items in wishlist.')).toBeVisible();
  await picker.getByRole('button', { name: 'Close' }).click();

  await checkoutItem(page, 'For Sensitive Skin').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeVisible();
  await expect(checkoutItem(page, 'For Normal Skin')).toBeVisible();
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/cart')).json()) as { cart: { id: number }[] }).cart,
    )
    .toEqual([expect.objectContaining({ id: 2, quantity: 1 })]);
});

test('CHANGE ADDRESS edits the profile; Cancel leaves it', async ({ page, server }) => {
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  await page.goto('/checkout');
  await expect(page.getByText('Deliver to: Asha Verma')).toBeVisible();
  await expect(page.getByText('411001, India', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'CHANGE ADDRESS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Address' });
  await expect(dialog.getByLabel('House/Flat No.')).toHaveValue('12 Silk Lane');
  await dialog.getByLabel('City').fill('Nagpur');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'CHANGE ADDRESS' }).click();
  await expect(dialog.getByLabel('City')).toHaveValue('Pune');
  // The server's rule for pincodes, shown in the modal.
  await dialog.getByLabel('Pincode').fill('4000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Pincode must be at least 6 characters long');
  await dialog.getByLabel('First Name').fill('Meera');
  await dialog.getByLabel('House/Flat No.').fill('4B Lotus Court');
  await dialog.getByLabel('Street/Area').fill('Bandra West');
  await dialog.getByLabel('City').fill('Mumbai');
  await dialog.getByLabel('State').fill('Maharashtra');
  await dialog.getByLabel('Country').fill('India');
  await dialog.getByLabel('Pincode').fill('400050');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Deliver to: Meera Verma')).toBeVisible();
  await expect(page.getByText('4B Lotus Court, Bandra West', { exact: true })).toBeVisible();
  await expect(page.getByText('Mumbai, Maharashtra', { exact: true })).toBeVisible();
  await expect(page.getByText('400050, India', { exact: true })).toBeVisible();

  const profile = (await (await page.request.get('/api/auth/profile')).json()) as {
    user: Record<string, string>;
  };
  expect(profile.user).toMatchObject({
    firstName: 'Meera',
    lastName: 'Verma',
    houseName: '4B Lotus Court',
    streetArea: 'Bandra West',
    city: 'Mumbai',
    pincode: '400050',
  });
});

test('opened directly, /checkout styles the Change Address fields itself', async ({ page, server }) => {
  await signInBrowser(page, server);
  // Straight to /checkout: the home page's sections (and their styles) never load.
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'CHANGE ADDRESS' }).click();
  const city = page.getByRole('dialog', { name: 'Change Address' }).getByLabel('City');
  await expect(city).toHaveValue('Pune');
  // The form field's own look: 0.5rem by 0.7rem of padding, 2.6rem tall, a 1px brown border, white on the
  // dialog's cream. An unstyled input has 1px by 2px of padding and a 2px inset border.
  await expect(city).toHaveCSS('padding', '8px 11.2px');
  await expect(city).toHaveCSS('min-height', '41.6px');
  await expect(city).toHaveCSS('border-top', '1px solid rgb(176, 122, 82)');
  await expect(city).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('PLACE ORDER checks the profile and the cart first (docs/product.md#place-order-checks)', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: '0/0 ITEMS SELECTED' })).toBeVisible();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(page.getByText('Your cart is empty. Please add items before placing order.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();

  await page.getByRole('button', { name: 'CHANGE ADDRESS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Address' });
  await dialog.getByLabel('Pincode').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(
    page.getByText('Please complete your profile with address details before placing order.'),
  ).toBeVisible();
});

test('PLACE ORDER reads ORDERING... while the payment starts, and shows why it could not', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 4, quantity: 1 }]);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeVisible();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Whichever call the payment makes first (its settings, or the order): held, then refused.
  await page.route(/\/api\/(config|payment\/create-order)$/, async (route) => {
    await held;
    await route.fulfill({ status: 400, json: { message: 'Payments are paused for a moment.' } });
  });
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  const ordering = page.getByRole('button', { name: 'ORDERING...' });
  await expect(ordering).toBeDisabled();
  release();
  await expect(page.getByText('Payments are paused for a moment.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
});

test('a visitor at checkout has no one to deliver to', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByText('Deliver to: No user')).toBeVisible();
  await expect(page.getByRole('heading', { name: '0/0 ITEMS SELECTED' })).toBeVisible();
});
