import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { fillCart, promisedArrival } from './support/shop';

// docs/product.md#screens Checkout, as a shopper goes through it before paying: the address dialog's own look,
// the items and totals, the wishlist picker, an address no courier serves, and a new address saved to the
// profile. The page's other states (FREE shipping, PLACE ORDER's checks, ORDERING..., a visitor, a pincode in
// another state) are web/app/routes/checkout.test.tsx's; paying is e2e/delivery.spec.ts's.

/** The value next to a label in checkout's Price Details. */
function priceRow(page: Page, label: string): Locator {
  const region = page.getByRole('region', { name: 'Price Details' });
  return region
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

async function expectPrices(page: Page, rows: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(rows)) {
    await expect(priceRow(page, label)).toHaveText(value);
  }
}

function checkoutItem(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('checkout: the items and totals, the wishlist picker, an address no courier serves, then a new address', async ({
  page,
  server,
}) => {
  test.slow();
  await signInBrowser(page, server);
  await fillCart(page.request, [
    { id: 1, quantity: 2 },
    { id: 6, quantity: 1 },
  ]);
  // Straight to /checkout: the home page's sections (and their styles) never load.
  await page.goto('/checkout');
  const itemsHeading = (count: number) =>
    page.getByRole('heading', { name: `${count}/${count} ITEMS SELECTED` });
  await expect(itemsHeading(2)).toBeVisible();

  // CHANGE ADDRESS's fields are styled by the dialog itself; Cancel leaves the profile as it was.
  await page.getByRole('button', { name: 'CHANGE ADDRESS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Address' });
  const city = dialog.getByLabel('City');
  await expect(city).toHaveValue('Pune');
  // The form field's own look: 0.5rem by 0.7rem of padding, 2.6rem tall, a 1px brown border, white on the
  // dialog's cream. An unstyled input has 1px by 2px of padding and a 2px inset border.
  await expect(city).toHaveCSS('padding', '8px 11.2px');
  await expect(city).toHaveCSS('min-height', '41.6px');
  await expect(city).toHaveCSS('border-top', '1px solid rgb(176, 122, 82)');
  await expect(city).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(dialog.getByLabel('House/Flat No.')).toHaveValue('12 Silk Lane');
  await city.fill('Nagpur');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'CHANGE ADDRESS' }).click();
  await expect(city).toHaveValue('Pune');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The shopper, the items and the same totals as the cart (2 x ₹239 + ₹389 = ₹867, shipping ₹75).
  await expect(page.getByText('Deliver to: Asha Verma')).toBeVisible();
  await expect(page.getByText('411001, India', { exact: true })).toBeVisible();
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
  await expectPrices(page, {
    'Total MRP': '₹1,447',
    'Discount on MRP': '−₹580',
    'Coupon Discount': 'Apply Coupon',
    'Shipping Cost': '₹75',
    'Total Amount': '₹942',
  });
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();

  // Items are moved to the wishlist, added back from it, and removed.
  await page.getByRole('button', { name: 'Add More From Wishlist' }).click();
  const picker = page.getByRole('dialog', { name: 'Add More From Wishlist' });
  await expect(picker.getByText('No items in wishlist.')).toBeVisible();
  await picker.getByRole('button', { name: 'Close' }).click();
  await softMitt.getByRole('button', { name: 'Move to Wishlist' }).click();
  await expect(itemsHeading(1)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  // 2 x ₹239 = ₹478, below ₹500: ₹100 shipping (docs/product.md#money).
  await expectPrices(page, { 'Total MRP': '₹798', 'Total Amount': '₹578' });
  await page.getByRole('button', { name: 'Add More From Wishlist' }).click();
  await picker.getByRole('button', { name: 'Add to Cart: Soft Mitt' }).click();
  await expect(itemsHeading(2)).toBeVisible();
  await expect(picker.getByText('No items in wishlist.')).toBeVisible();
  await picker.getByRole('button', { name: 'Close' }).click();
  await softMitt.getByRole('button', { name: 'Remove' }).click();
  await expect(itemsHeading(1)).toBeVisible();
  await expect(faceMitt).toBeVisible();
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/cart')).json()) as { cart: { id: number }[] }).cart,
    )
    .toEqual([expect.objectContaining({ id: 1, quantity: 2 })]);

  // docs/product.md#delivery-promise: an address no courier serves is refused before any payment window.
  await page.getByRole('button', { name: 'CHANGE ADDRESS' }).click();
  await dialog.getByLabel('Pincode').fill('682551');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const address = page.getByRole('region', { name: 'Delivery address' });
  await expect(address.getByText("We don't deliver to 682551 yet")).toBeVisible();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(
    page.getByText(
      "We don't deliver to 682551 yet. Please change the delivery address to a pincode we deliver to.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Razorpay test mode' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A new address is saved to the profile and shown.
  await page.getByRole('button', { name: 'CHANGE ADDRESS' }).click();
  await dialog.getByLabel('First Name').fill('Meera');
  await dialog.getByLabel('House/Flat No.').fill('4B Lotus Court');
  await dialog.getByLabel('Street/Area').fill('Bandra West');
  // docs/product.md#pincode-directory: the pincode fills in the city (not its district, Mumbai Suburban) and state.
  await dialog.getByLabel('Pincode').fill('400050');
  await expect(city).toHaveValue('Mumbai');
  await expect(dialog.getByLabel('State')).toHaveValue('Maharashtra');
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

  // docs/product.md#screens: the title goes to the product.
  await faceMitt.getByRole('link', { name: 'Face Mitt' }).click();
  await expect(page).toHaveURL(/\/product\/1$/);
});
