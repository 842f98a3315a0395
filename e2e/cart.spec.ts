import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accountMenu, logInBrowser, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

const headers = { 'X-Requested-With': 'fetch' };

/** The value next to a label in a <dl> of totals (the cart's summary, checkout's price details). */
function totalsRow(region: Locator, label: string): Locator {
  return region
    .locator('div', { has: region.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

function orderSummary(page: Page): Locator {
  return page.getByRole('region', { name: 'Order Summary' });
}

async function expectSummary(page: Page, rows: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(rows)) {
    await expect(totalsRow(orderSummary(page), label)).toHaveText(value);
  }
}

function quantityOf(page: Page, title: string): Locator {
  return page.getByRole('group', { name: `Quantity of ${title}` }).locator('output');
}

function cartBadge(page: Page, label: string): Locator {
  return page.getByRole('banner').getByRole('link', { name: `Cart, ${label}` });
}

async function serverCart(request: APIRequestContext): Promise<{ id: number; quantity: number }[]> {
  const response = await request.get('/api/cart');
  expect(response.status()).toBe(200);
  const { cart } = (await response.json()) as { cart: { id: number; quantity: number }[] };
  return cart.map(({ id, quantity }) => ({ id, quantity }));
}

test('a Face Mitt in the cart costs ₹239 plus ₹100 shipping: ₹339', async ({ page, server }) => {
  await signInBrowser(page, server);
  await page.goto('/product/1');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(main.getByRole('button', { name: 'Added!' })).toBeVisible();
  await expect(cartBadge(page, '1 item')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 1, quantity: 1 }]);

  await cartBadge(page, '1 item').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart (1 item)');
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('1');
  await expectSummary(page, {
    Subtotal: '₹239',
    Discount: 'You save ₹160',
    Shipping: '₹100',
    Total: '₹339',
  });

  // docs/product.md#screens: image and title go to the product.
  await main.getByRole('link', { name: 'Face Mitt' }).click();
  await expect(page).toHaveURL(/\/product\/1$/);
  // 'Added!' again removes it (docs/product.md#screens toggle).
  await main.getByRole('button', { name: 'Added!' }).click();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(cartBadge(page, '0 items')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([]);
});

test('two Luxury Mitts make ₹1,198 with free shipping; the heading counts lines, the badge quantities', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server);
  await page.goto('/#products');
  const card = page.getByRole('article', { name: 'Luxury Mitt', exact: true });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.getByRole('button', { name: 'Added!' })).toBeVisible();

  await cartBadge(page, '1 item').click();
  await page.getByRole('button', { name: 'Increase quantity of Luxury Mitt' }).click();
  await expect(quantityOf(page, 'Luxury Mitt')).toHaveText('2');
  await expect(cartBadge(page, '2 items')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart (1 item)');
  await expectSummary(page, { Subtotal: '₹1,198', Shipping: 'FREE', Total: '₹1,198' });
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 4, quantity: 2 }]);

  // The cart is the server's: a reload shows the same.
  await page.reload();
  await expect(quantityOf(page, 'Luxury Mitt')).toHaveText('2');
  await expectSummary(page, { Subtotal: '₹1,198', Shipping: 'FREE', Total: '₹1,198' });

  await page.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('minus and plus change the quantity, and below one removes the line', async ({ page, server }) => {
  await signInBrowser(page, server);
  await page.request.post('/api/cart/update', {
    headers,
    data: {
      cart: [
        { id: 1, quantity: 1 },
        { id: 6, quantity: 1 },
      ],
    },
  });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart (2 items)');
  // ₹239 + ₹389 = ₹628: from 500 the shipping is ₹75 (docs/product.md#money).
  await expectSummary(page, { Subtotal: '₹628', Discount: 'You save ₹420', Shipping: '₹75', Total: '₹703' });

  await page.getByRole('button', { name: 'Increase quantity of Face Mitt' }).click();
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('2');
  await expectSummary(page, { Subtotal: '₹867', Shipping: '₹75', Total: '₹942' });
  await expect(cartBadge(page, '3 items')).toBeVisible();

  await page.getByRole('button', { name: 'Decrease quantity of Face Mitt' }).click();
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('1');
  await page.getByRole('button', { name: 'Decrease quantity of Soft Mitt' }).click();
  await expect(page.getByRole('group', { name: 'Quantity of Soft Mitt' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart (1 item)');
  await expectSummary(page, { Subtotal: '₹239', Shipping: '₹100', Total: '₹339' });
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 1, quantity: 1 }]);

  await page.getByRole('button', { name: 'Decrease quantity of Face Mitt' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(cartBadge(page, '0 items')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([]);

  // docs/product.md#screens: SHOP NOW goes back to the mittens.
  await page.getByRole('button', { name: 'SHOP NOW' }).click();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeInViewport();
});

test('Continue Shopping goes home and scrolls to the products', async ({ page, server }) => {
  await signInBrowser(page, server);
  await page.request.post('/api/cart/update', { headers, data: { cart: [{ id: 2, quantity: 1 }] } });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/#products$/);
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeInViewport();
});

test('a line moves to the wishlist and back into the cart', async ({ page, server }) => {
  await signInBrowser(page, server);
  await page.request.post('/api/cart/update', { headers, data: { cart: [{ id: 5, quantity: 1 }] } });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Move to Wishlist' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  const wishlistBadge = page.getByRole('banner').getByRole('link', { name: 'Wishlist, 1 item' });
  await expect(wishlistBadge).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([]);

  await wishlistBadge.click();
  const card = page.getByRole('article', { name: 'Luxury Soft Mitt' });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(cartBadge(page, '1 item')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 5, quantity: 1 }]);

  await cartBadge(page, '1 item').click();
  await expect(quantityOf(page, 'Luxury Soft Mitt')).toHaveText('1');
});

test('the cart survives logging out, and follows the shopper into another browser', async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  const shopper = await signInBrowser(page, server);
  await page.goto('/product/6');
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartBadge(page, '1 item')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 6, quantity: 1 }]);
  expect(await page.evaluate(() => localStorage.getItem('ottomanCart'))).toContain('"id":6');

  await accountMenu(page, shopper.firstName).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  // docs/product.md#behaviour Logout: the local copies go with the session.
  await expect(cartBadge(page, '0 items')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('ottomanCart'))).toBeNull();

  const otherBrowser = await browser.newContext({ baseURL });
  try {
    const other = await otherBrowser.newPage();
    await logInBrowser(other, server, shopper);
    await other.goto('/cart');
    await expect(quantityOf(other, 'Soft Mitt')).toHaveText('1');
    await expect(cartBadge(other, '1 item')).toBeVisible();
  } finally {
    await otherBrowser.close();
  }
});

test('at sign-in, changes not yet saved win; otherwise the server’s cart replaces the local copy', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server);
  await page.request.post('/api/cart/update', { headers, data: { cart: [{ id: 1, quantity: 1 }] } });
  const { user } = (await (await page.request.get('/api/auth/profile')).json()) as { user: { _id: string } };
  const storeCopy = (modified: boolean) =>
    page.evaluate((copy) => localStorage.setItem('ottomanCart', JSON.stringify(copy)), {
      owner: user._id,
      lines: [{ id: 3, quantity: 2, size: 'M' }],
      modified,
    });

  // A copy already saved is only what the server had: the server's cart is the cart.
  await page.goto('/cart');
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('1');
  await storeCopy(false);
  await page.reload();
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('1');
  await expect(page.getByRole('group', { name: 'Quantity of For Sensitive Skin' })).toHaveCount(0);

  // A change this browser made but never saved (the tab closed mid-save) wins, and is saved now.
  await storeCopy(true);
  await page.reload();
  await expect(quantityOf(page, 'For Sensitive Skin')).toHaveText('2');
  await expect(page.getByRole('group', { name: 'Quantity of Face Mitt' })).toHaveCount(0);
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 3, quantity: 2 }]);
});

test('a change the server refuses is undone and says why; at 10 the + button stops and says why', async ({
  page,
  server,
}) => {
  await page.setViewportSize(phoneViewport);
  await signInBrowser(page, server);
  await page.request.post('/api/cart/update', { headers, data: { cart: [{ id: 1, quantity: 10 }] } });
  await page.goto('/cart');
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('10');

  // docs/product.md#cart: at most 10 of a line; the page says so instead of asking the server.
  const plus = page.getByRole('button', { name: 'Increase quantity of Face Mitt' });
  await expect(plus).toBeDisabled();
  await expect(plus).toHaveAccessibleDescription('You can buy at most 10 of each item.');
  await expect(page.getByText('You can buy at most 10 of each item.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Any refusal: the optimistic change shows, then goes back.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/cart/update', async (route) => {
    await held;
    await route.fulfill({ status: 400, json: { message: 'The cart is being updated. Please try again.' } });
  });
  await page.getByRole('button', { name: 'Decrease quantity of Face Mitt' }).click();
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('9');
  await expect(plus).toBeEnabled();
  await expectSummary(page, { Subtotal: '₹2,151' });
  release();
  await expect(page.getByRole('alert')).toHaveText(
    'Could not update your cart: The cart is being updated. Please try again.',
  );
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('10');
  await expectSummary(page, { Subtotal: '₹2,390', Shipping: 'FREE', Total: '₹2,390' });
  await page.unroute('**/api/cart/update');
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 1, quantity: 10 }]);
});

test('a visitor pressing Add to Cart or the heart is asked to log in', async ({ page }) => {
  await page.goto('/#products');
  const card = page.getByRole('article', { name: 'Face Mitt', exact: true });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(cartBadge(page, '0 items')).toBeVisible();

  await card.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(dialog).toBeVisible();
});
