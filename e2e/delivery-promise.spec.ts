import type { APIRequestContext } from '@playwright/test';
import type { DeliveryPromise } from '../contracts/delivery';
import { expect, test } from './fixtures';
import { aShopper, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { apiHeaders, fillCart } from './support/shop';

// docs/product.md#delivery-promise: the promise for a pincode on the product page, remembered for the
// visitor, and checkout refusing a pincode no courier serves before any money is asked for.

test.use({ viewport: phoneViewport });

async function promiseFor(request: APIRequestContext, pincode: string) {
  const response = await request.get(`/api/delivery/${pincode}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as DeliveryPromise;
}

test('a visitor checks delivery to a pincode on a product page, and the page remembers it', async ({
  page,
}) => {
  await page.goto('/product/7');
  await expect(page.getByRole('heading', { level: 1, name: 'Luxury Mitt Black' })).toBeVisible();
  const field = page.getByLabel('Check delivery');
  const check = page.getByRole('button', { name: 'Check', exact: true });
  const line = page.locator('.check-delivery [aria-live="polite"]');

  // The line's space is there before the answer: nothing below it moves when it comes.
  // (Measured from the Check button, as the photos above may still be loading.)
  const gapToShare = async () => {
    const [from, to] = await Promise.all([
      check.boundingBox(),
      page.getByRole('button', { name: 'Share' }).boundingBox(),
    ]);
    return (to?.y ?? 0) - (from?.y ?? 0);
  };
  const gapBefore = await gapToShare();
  expect(gapBefore).toBeGreaterThan(0);
  await field.fill('560001');
  await check.click();
  const expected = await promiseFor(page.request, '560001');
  expect(expected.label).toMatch(/^Delivery by [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2}$/);
  await expect(line).toHaveText(expected.label);
  expect(await gapToShare()).toBe(gapBefore);
  await expectNoAxeViolations(page);

  await field.fill('5600');
  await check.click();
  await expect(page.getByText('Pincode must be 6 digits')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill('990001');
  await check.click();
  await expect(line).toHaveText("We don't deliver to 990001 yet");
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByLabel('Check delivery')).toHaveValue('990001');
  await expect(line).toHaveText("We don't deliver to 990001 yet");
});

test('the location modal checks a pincode too', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Deliver to Set Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your location' });
  await dialog.getByLabel('Check delivery').fill('400001');
  await dialog.getByRole('button', { name: 'Check', exact: true }).click();
  const expected = await promiseFor(page.request, '400001');
  await expect(dialog.getByText(expected.label)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('checkout refuses an address no courier serves: no payment window, no order', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server, aShopper({ pincode: '990001' }));
  await fillCart(page.request, [{ id: 7, quantity: 1 }]);
  // The profile's pincode is the one the cart checks when the shopper has checked none.
  await page.goto('/cart');
  await expect(page.getByText("We don't deliver to 990001 yet")).toBeVisible();
  await page.goto('/checkout');
  const address = page.getByRole('region', { name: 'Delivery address' });
  await expect(address.getByText("We don't deliver to 990001 yet")).toBeVisible();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(
    page.getByText(
      "We don't deliver to 990001 yet. Please change the delivery address to a pincode we deliver to.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Razorpay test mode' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The server refuses it as well, whatever the page does.
  const created = await page.request.post('/api/payment/create-order', { headers: apiHeaders, data: {} });
  expect(created.status()).toBe(400);
  const orders = await page.request.get('/api/orders/my-orders');
  expect(((await orders.json()) as { orders: unknown[] }).orders).toEqual([]);
});

test('checkout flags a pincode outside the chosen state', async ({ page, server }) => {
  // The factory's state is Maharashtra; 560001 is Bengaluru's.
  await signInBrowser(page, server, aShopper({ city: 'Bengaluru', pincode: '560001' }));
  await fillCart(page.request, [{ id: 7, quantity: 1 }]);
  await page.goto('/checkout');
  await expect(
    page.getByText('Pincode 560001 is in Karnataka, not Maharashtra. Please check the address.'),
  ).toBeVisible();
  const expected = await promiseFor(page.request, '560001');
  await expect(
    page.getByRole('region', { name: 'Delivery address' }).getByText(expected.label),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
});
