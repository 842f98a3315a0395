import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, type ShopServer, test } from './fixtures';
import { aShopper, createAccount, latestOtp, signInBrowser, testAddress } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// What a review on a phone (390 × 844) found: each journey here is one of its findings, checked on that phone
// (and on a laptop where it was seen there too), with axe-core on every page and dialog it shows.

const headers = { 'X-Requested-With': 'fetch' };
const laptopViewport = { width: 1280, height: 800 } as const;

test.use({ viewport: phoneViewport });

/** An account that exists on the server while this browser is still a visitor's. */
function anAccount(server: ShopServer, overrides: Parameters<typeof aShopper>[0] = {}) {
  return createAccount(server, aShopper(overrides));
}

async function logInThroughDialog(dialog: Locator, shopper: { email: string; password: string }) {
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function listIds(request: APIRequestContext, path: '/api/cart' | '/api/wishlist'): Promise<unknown> {
  const reply = (await (await request.get(path)).json()) as Record<
    string,
    { id: number; quantity?: number }[]
  >;
  const list = reply.cart ?? reply.wishlist ?? [];
  return list.map(({ id, quantity }) => (quantity === undefined ? { id } : { id, quantity }));
}

/** The element is inside the phone's screen, where the shopper is looking. */
async function expectOnScreen(locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport({ ratio: 1 });
}

test("a visitor's Add to Cart is carried out after logging in from the prompt, on the same page", async ({
  page,
  server,
}) => {
  const shopper = await anAccount(server);
  await page.goto('/product/2');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);

  await logInThroughDialog(dialog, shopper);
  await expect(page).toHaveURL(/\/product\/2$/);
  const added = main.getByRole('button', { name: 'Added!' });
  await expect(added).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect.poll(() => listIds(page.request, '/api/cart')).toEqual([{ id: 2, quantity: 1 }]);
  // Focus goes back to the button that opened the prompt.
  await expect(added).toBeFocused();
  await expectNoAxeViolations(page);
});

test("a visitor's wishlist heart is merged into the account's wishlist at login", async ({
  page,
  server,
}) => {
  const shopper = await anAccount(server);
  const seeded = await page.request.post('/api/auth/login', {
    headers,
    data: { email: shopper.email, password: shopper.password },
  });
  expect(seeded.status()).toBe(200);
  await page.request.post('/api/wishlist/update', { headers, data: { wishlist: [{ id: 1 }] } });
  await page.context().clearCookies();

  await page.goto('/product/6');
  await page.getByRole('main').getByRole('button', { name: 'Add to wishlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await logInThroughDialog(dialog, shopper);

  await expect(page).toHaveURL(/\/product\/6$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist, 2 items' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await expect.poll(() => listIds(page.request, '/api/wishlist')).toEqual([{ id: 1 }, { id: 6 }]);
  await expectNoAxeViolations(page);
});

test('after logging in from the header, focus goes to the page heading, not the body', async ({
  page,
  server,
}) => {
  const shopper = await anAccount(server);
  await page.setViewportSize(laptopViewport);
  await page.goto('/product/3');
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  await logInThroughDialog(page.getByRole('dialog', { name: 'Login' }), shopper);
  await expect(page.getByRole('heading', { level: 1, name: 'For Sensitive Skin' })).toBeFocused();
});

test('/orders asks a visitor to log in, then shows My Orders with focus on its heading', async ({
  page,
  server,
}) => {
  const shopper = await anAccount(server);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Forders$/);
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Loading orders...')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await logInThroughDialog(dialog, shopper);
  await expect(page).toHaveURL(/\/orders$/);
  const heading = page.getByRole('heading', { level: 1, name: 'My Orders' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('sign-up errors sit beside their fields in words, and the first invalid field gets focus', async ({
  page,
  request,
}) => {
  const shopper = aShopper();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('button', { name: 'Sent' })).toBeDisabled();
  await dialog.getByLabel('OTP').fill(await latestOtp(request, shopper.email));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('button', { name: 'Verified' })).toBeDisabled();

  await dialog.getByLabel('First Name').fill(shopper.firstName);
  await dialog.getByLabel('Last Name').fill(shopper.lastName);
  await dialog.getByLabel('Password').fill('silk');
  await dialog.getByLabel('Mobile Number').fill(shopper.mobile);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();

  const houseName = dialog.getByLabel('House Name');
  await expect(houseName).toBeFocused();
  await expectOnScreen(houseName);
  await expect(houseName).toHaveAccessibleDescription('Please enter your house name');
  await expect(dialog.getByLabel('Street/Area')).toHaveAccessibleDescription('Please enter your street/area');
  await expect(dialog.getByLabel('Pincode')).toHaveAccessibleDescription('Please enter your pincode');
  await expect(dialog.getByText(/Please fill in all required fields/)).toHaveCount(0);
  await expect(dialog.getByText('houseName')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await houseName.fill(testAddress.houseName);
  await dialog.getByLabel('Street/Area').fill(testAddress.streetArea);
  await dialog.getByLabel('City').fill(shopper.city);
  await dialog.getByLabel('State').fill(testAddress.state);
  await dialog.getByLabel('Country').fill(testAddress.country);
  await dialog.getByLabel('Pincode').fill('4110');
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  const password = dialog.getByLabel('Password');
  await expect(password).toBeFocused();
  await expectOnScreen(password);
  await expect(password).toHaveAccessibleDescription('Password must be at least 6 characters long');
  await expect(dialog.getByLabel('Pincode')).toHaveAccessibleDescription(
    'Pincode must be at least 6 characters long',
  );
  await expect(dialog.getByText('Password must be at least 6 characters long')).toHaveCSS(
    'color',
    'rgb(163, 39, 27)',
  );
  await expectNoAxeViolations(page);
});

test("the profile's pincode error and its success message show where the shopper is", async ({
  page,
  server,
}) => {
  await signInBrowser(page, server);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  const pincode = page.getByLabel('Pincode');
  await pincode.fill('4110');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(pincode).toBeFocused();
  await expectOnScreen(pincode);
  await expect(pincode).toHaveAccessibleDescription('Pincode must be at least 6 characters long');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Failed to update profile: Pincode must be at least 6 characters long');
  await expectOnScreen(alert);
  await expectNoAxeViolations(page);

  await pincode.fill('411038');
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Profile updated successfully!' });
  await expect(saved).toHaveText('Profile updated successfully!');
  await expectOnScreen(saved);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
  await expectNoAxeViolations(page);
});

test('an error inside a dialog is in the error colour; the wishlist picker reads what it shows', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server);
  await page.request.post('/api/cart/update', { headers, data: { cart: [{ id: 1, quantity: 1 }] } });
  await page.request.post('/api/wishlist/update', { headers, data: { wishlist: [{ id: 6 }] } });
  await page.goto('/checkout');

  await page.getByRole('button', { name: 'Add More From Wishlist' }).click();
  const picker = page.getByRole('dialog', { name: 'Add More From Wishlist' });
  await expect(picker.getByRole('button', { name: 'Add to Cart: Soft Mitt' })).toBeVisible();
  await expectNoAxeViolations(page);
  await picker.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'CHANGE ADDRESS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Address' });
  await dialog.getByLabel('Pincode').fill('4000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText('Pincode must be at least 6 characters long');
  await expect(alert).toHaveCSS('color', 'rgb(163, 39, 27)');
  await expectNoAxeViolations(page);
});

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

test('a long city gives way in the header; the pincode always shows whole', async ({ page, server }) => {
  await signInBrowser(page, server, aShopper({ city: 'Thiruvananthapuram Cantonment', pincode: '695001' }));
  await page.goto('/');
  const location = page
    .getByRole('banner')
    .getByRole('button', { name: 'Deliver to Thiruvananthapuram Cantonment, 695001' });
  await expect(location).toBeVisible();
  await expectPincodeWhole(page, '695001');
  await expectNoAxeViolations(page);

  await page.setViewportSize(laptopViewport);
  await expectPincodeWhole(page, '695001');
});

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

test('cart and checkout thumbnails are squares; No Image sits whole in the middle', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server);
  await page.request.post('/api/cart/update', { headers, data: { cart: [{ id: 4, quantity: 1 }] } });
  await page.goto('/cart');
  const cartImage = page.locator('.cart-line__image');
  await expect(cartImage.locator('img')).toBeVisible();
  await expectSquareThumbnail(cartImage);
  await expectNoAxeViolations(page);

  await page.goto('/checkout');
  const checkoutImage = page.locator('.checkout-item__image');
  await expect(checkoutImage.locator('img')).toBeVisible();
  await expectSquareThumbnail(checkoutImage);

  await page.route('**/images/products/**', (route) => route.abort());
  await page.goto('/cart');
  await expectCentredFallback(cartImage);
  await expectSquareThumbnail(cartImage);
  await page.goto('/checkout');
  await expectCentredFallback(checkoutImage);
  await expectSquareThumbnail(checkoutImage);
  await expectNoAxeViolations(page);
});

test('the dev outbox fits a phone and shows India’s time', async ({ page }) => {
  const email = aShopper().email;
  const sent = await page.request.post('/api/auth/send-otp', { headers, data: { email } });
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
