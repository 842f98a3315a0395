import type { APIRequestContext } from '@playwright/test';
import type { DeliveryPromise } from '../contracts/delivery';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// A visitor on a product page, on a phone: prices include taxes, Share by WhatsApp or a copied link, and the
// delivery promise for a pincode (docs/product.md#delivery-promise), there and in the location modal. The
// field's refusals and its memory across pages are web/features/location/components/check-delivery.test.tsx's;
// checkout refusing an address no courier serves is e2e/checkout.spec.ts's and
// web/app/routes/checkout.test.tsx's. axe-core checks every state the visitor sees.

test.use({ viewport: phoneViewport });

async function promiseFor(request: APIRequestContext, pincode: string) {
  const response = await request.get(`/api/delivery/${pincode}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as DeliveryPromise;
}

test('a visitor reads the tax line, shares the product, and checks delivery on the page and in the location modal', async ({
  page,
  context,
}) => {
  // Three former tests in one, with four axe-core runs: more than one test's time on a busy machine.
  test.slow();
  // Desktop Chromium has no share sheet: the fallbacks are what a shopper there gets.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/product/7');
  await expect(page.getByRole('heading', { level: 1, name: 'Luxury Mitt Black' })).toBeVisible();
  await expect(page.getByText('Inclusive of all taxes', { exact: true })).toBeVisible();
  // Under the price: the tax line comes right after the price row.
  await expect(page.locator('.product-detail__price + p')).toHaveText('Inclusive of all taxes');
  await expectNoAxeViolations(page);

  const share = page.getByRole('button', { name: 'Share' });
  await expect(share).toHaveAttribute('aria-expanded', 'false');
  await share.click();
  await expect(share).toHaveAttribute('aria-expanded', 'true');
  const url = page.url();
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`Luxury Mitt Black ${url}`)}`,
  );
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectNoAxeViolations(page);
  await share.click();
  await expect(share).toHaveAttribute('aria-expanded', 'false');

  const field = page.getByLabel('Check delivery');
  const check = page.getByRole('button', { name: 'Check', exact: true });
  const line = page.locator('.check-delivery [aria-live="polite"]');
  // The line's space is there before the answer: nothing below it moves when it comes.
  // (Measured from the Check button, as the photos above may still be loading.)
  const gapToShare = async () => {
    const [from, to] = await Promise.all([check.boundingBox(), share.boundingBox()]);
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

  await field.fill('682551');
  await check.click();
  await expect(line).toHaveText("We don't deliver to 682551 yet");
  await expectNoAxeViolations(page);

  // The header's location follows the pincode checked (issue 45); its modal checks a pincode too.
  await page
    .getByRole('banner')
    .getByRole('button', { name: 'Deliver to Lakshadweep District, 682551' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Choose your location' });
  await dialog.getByLabel('Check delivery').fill('400001');
  await dialog.getByRole('button', { name: 'Check', exact: true }).click();
  const mumbai = await promiseFor(page.request, '400001');
  await expect(dialog.getByText(mumbai.label)).toBeVisible();
  await expectNoAxeViolations(page);
});
