import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { aShopper, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { apiHeaders, fillCart } from './support/shop';

// What a review on a phone (390 × 844) found about layout, which only a browser lays out: what gives way in the
// header, square thumbnails and their 'No Image', a page as wide as the phone. Its findings about focus, errors
// in words and the login prompt are in accessibility.spec.ts and in component tests beside their components.

const laptopViewport = { width: 1280, height: 800 } as const;

test.use({ viewport: phoneViewport });

// Four page layouts with axe-core on each and two viewports: the work of four former tests.
test.slow();

async function expectPincodeWhole(page: Page, pincode: string): Promise<void> {
  const label = page.getByRole('banner').getByText(pincode, { exact: true });
  await expect(label).toBeVisible();
  const shown = await label.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const button = element.closest('button')?.getBoundingClientRect();
    return (
      element.scrollWidth <= element.clientWidth + 0.5 &&
      button !== undefined &&
      box.right <= button.right + 0.5
    );
  });
  expect(shown).toBe(true);
}

async function expectSquareThumbnail(image: Locator): Promise<void> {
  const box = await image.boundingBox();
  expect(box).not.toBeNull();
  expect(Math.abs((box?.height ?? 0) - (box?.width ?? 0))).toBeLessThanOrEqual(1);
}

/** 'No Image' fills its square, with its text whole and in the middle. */
async function expectCentredFallback(image: Locator): Promise<void> {
  const fallback = image.getByText('No Image', { exact: true });
  await expect(fallback).toBeVisible();
  const layout = await fallback.evaluate((element) => {
    const outer = element.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    return {
      clipped: element.scrollWidth > element.clientWidth,
      offCentre: Math.abs(text.left + text.width / 2 - (outer.left + outer.width / 2)),
      verticalOffCentre: Math.abs(text.top + text.height / 2 - (outer.top + outer.height / 2)),
    };
  });
  expect(layout.clipped).toBe(false);
  expect(layout.offCentre).toBeLessThanOrEqual(2);
  expect(layout.verticalOffCentre).toBeLessThanOrEqual(2);
}

test("a shopper's header, thumbnails and the dev outbox keep their shape on a phone", async ({
  page,
  server,
}) => {
  await signInBrowser(page, server, aShopper({ city: 'Thiruvananthapuram Cantonment', pincode: '695001' }));
  await fillCart(page.request, [{ id: 4, quantity: 1 }]);

  // A long city gives way in the header; the pincode always shows whole, on a phone and on a laptop.
  await page.goto('/');
  const location = page
    .getByRole('banner')
    .getByRole('button', { name: 'Deliver to Thiruvananthapuram Cantonment, 695001' });
  await expect(location).toBeVisible();
  await expectPincodeWhole(page, '695001');
  await expectNoAxeViolations(page);
  await page.setViewportSize(laptopViewport);
  await expectPincodeWhole(page, '695001');
  await page.setViewportSize(phoneViewport);

  // Cart and checkout thumbnails are squares, with their image and with 'No Image' sitting whole in the middle.
  await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click();
  const cartImage = page.locator('.cart-line__image');
  await expect(cartImage.locator('img')).toBeVisible();
  await expectSquareThumbnail(cartImage);
  await expectNoAxeViolations(page);

  await page.goto('/checkout');
  const checkoutImage = page.locator('.checkout-item__image');
  await expect(checkoutImage.locator('img')).toBeVisible();
  await expectSquareThumbnail(checkoutImage);

  // Real load failures: a page load each, so no image comes from the page's memory of the earlier ones.
  await page.route('**/images/products/**', (route) => route.abort());
  await page.goto('/cart');
  await expectCentredFallback(cartImage);
  await expectSquareThumbnail(cartImage);
  await page.goto('/checkout');
  await expectCentredFallback(checkoutImage);
  await expectSquareThumbnail(checkoutImage);
  await expectNoAxeViolations(page);

  // The dev outbox fits a phone and shows India's time.
  const email = aShopper().email;
  const sent = await page.request.post('/api/auth/send-otp', { headers: apiHeaders, data: { email } });
  expect(sent.status()).toBe(200);
  const outbox = (await (
    await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as {
    messages: { createdAt: string }[];
  };
  const createdAt = outbox.messages[0]?.createdAt ?? '';
  const expected = `${new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(createdAt))} IST`;

  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dev outbox' })).toBeVisible();
  await expect(page.getByRole('cell', { name: expected })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phoneViewport.width,
  );
  await expectNoAxeViolations(page);
});
