import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accountMenu, logInBrowser, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { scrollSettled } from './support/scroll';

// docs/product.md#screens Cart and Wishlist, as a shopper uses them: one page load, then the header's links,
// the cards and the buttons, and at the end another browser. The pages' states (the refused save, the
// free-delivery nudge, sign-in's merge, a visitor's login prompt) are web/app/routes/cart.test.tsx's and
// web/app/routes/wishlist.test.tsx's.

/** The value next to a label in the cart's Order Summary. */
function summaryRow(page: Page, label: string): Locator {
  const region = page.getByRole('region', { name: 'Order Summary' });
  return region
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

async function expectSummary(page: Page, rows: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(rows)) {
    await expect(summaryRow(page, label)).toHaveText(value);
  }
}

function quantityOf(page: Page, title: string): Locator {
  return page.getByRole('group', { name: `Quantity of ${title}` }).locator('output');
}

function cartBadge(page: Page, label: string): Locator {
  return page.getByRole('banner').getByRole('link', { name: `Cart, ${label}` });
}

function wishlistBadge(page: Page, label: string): Locator {
  return page.getByRole('banner').getByRole('link', { name: `Wishlist, ${label}` });
}

function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

async function serverCart(request: APIRequestContext): Promise<{ id: number; quantity: number }[]> {
  const response = await request.get('/api/cart');
  expect(response.status()).toBe(200);
  const { cart } = (await response.json()) as { cart: { id: number; quantity: number }[] };
  return cart.map(({ id, quantity }) => ({ id, quantity }));
}

async function serverWishlist(request: APIRequestContext): Promise<number[]> {
  const response = await request.get('/api/wishlist');
  expect(response.status()).toBe(200);
  const { wishlist } = (await response.json()) as { wishlist: { id: number }[] };
  return wishlist.map((item) => item.id);
}

test('a shopper fills the cart and the wishlist, changes quantities, checks out, and finds both in another browser', async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  // One journey in place of nine tests: more steps than one test's time allows on a busy machine.
  test.slow();
  const shopper = await signInBrowser(page, server);
  const main = page.getByRole('main');
  const heading = page.getByRole('heading', { level: 1 });
  const ourMittens = page.getByRole('heading', { name: 'Our Mittens' });

  // A Face Mitt costs ₹239 plus ₹100 shipping: ₹339.
  await page.goto('/product/1');
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(main.getByRole('button', { name: 'Added!' })).toBeVisible();
  await expect(cartBadge(page, '1 item')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 1, quantity: 1 }]);
  await cartBadge(page, '1 item').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(heading).toHaveText('Shopping Cart (1 item)');
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('1');
  await expectSummary(page, { Subtotal: '₹239', Discount: 'You save ₹160', Shipping: '₹100', Total: '₹339' });
  // docs/product.md#screens: image and title go to the product, where 'Added!' again removes it (the toggle).
  await main.getByRole('link', { name: 'Face Mitt' }).click();
  await expect(page).toHaveURL(/\/product\/1$/);
  await main.getByRole('button', { name: 'Added!' }).click();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(cartBadge(page, '0 items')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([]);

  // An empty wishlist leads back to the mittens.
  await wishlistBadge(page, '0 items').click();
  await expect(heading).toHaveText('My Wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await page.getByRole('button', { name: 'Shop Now' }).click();
  await expect(ourMittens).toBeInViewport();
  await scrollSettled(page);

  // Hearts on the cards fill the wishlist; its cards show the prices and go to the cart.
  // One heart at a time, each seen saved: two taps in one frame of a busy machine's re-render lost the second
  // (ordered saves of quick changes are web/features/cart/hooks/use-cart.test.tsx's).
  await card(page, 'Face Mitt').getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(card(page, 'Face Mitt').getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await expect.poll(() => serverWishlist(page.request)).toEqual([1]);
  await card(page, 'Soft Mitt').getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(card(page, 'Soft Mitt').getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await expect(wishlistBadge(page, '2 items')).toBeVisible();
  await expect.poll(() => serverWishlist(page.request)).toEqual([1, 6]);
  await wishlistBadge(page, '2 items').click();
  await expect(heading).toHaveText('My Wishlist');
  const wishlistCards = main.getByRole('article');
  await expect(wishlistCards).toHaveCount(2);
  await expect(card(page, 'Face Mitt').locator('s')).toHaveText('₹399');
  await expect(card(page, 'Face Mitt').getByText('₹239', { exact: true })).toBeVisible();
  // docs/product.md#behaviour: adding a wishlist item to the cart takes it off the wishlist.
  await card(page, 'Face Mitt').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(wishlistCards).toHaveCount(1);
  await expect(cartBadge(page, '1 item')).toBeVisible();
  await expect(wishlistBadge(page, '1 item')).toBeVisible();
  await expect.poll(() => serverWishlist(page.request)).toEqual([6]);
  // docs/product.md#screens: a single item gets its own layout.
  await expect(main.getByRole('list')).toHaveClass(/wishlist-grid--single/);
  // The product page's heart shows it is on the wishlist, and takes it off.
  await card(page, 'Soft Mitt').getByRole('link', { name: 'Soft Mitt' }).click();
  await expect(page).toHaveURL(/\/product\/6$/);
  await main.getByRole('button', { name: 'Remove from wishlist' }).click();
  await expect(wishlistBadge(page, '0 items')).toBeVisible();
  await expect.poll(() => serverWishlist(page.request)).toEqual([]);
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartBadge(page, '2 items')).toBeVisible();
  await expect
    .poll(() => serverCart(page.request))
    .toEqual([
      { id: 1, quantity: 1 },
      { id: 6, quantity: 1 },
    ]);
  expect(await page.evaluate(() => localStorage.getItem('ottomanCart'))).toContain('"id":6');

  // Minus and plus change the quantity, and below one removes the line.
  await cartBadge(page, '2 items').click();
  await expect(heading).toHaveText('Shopping Cart (2 items)');
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
  await expect(heading).toHaveText('Shopping Cart (1 item)');
  await expectSummary(page, { Subtotal: '₹239', Shipping: '₹100', Total: '₹339' });
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 1, quantity: 1 }]);

  // A line moves to the wishlist and back into the cart.
  await page.getByRole('button', { name: 'Move to Wishlist' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(wishlistBadge(page, '1 item')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([]);
  await wishlistBadge(page, '1 item').click();
  await card(page, 'Face Mitt').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(cartBadge(page, '1 item')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 1, quantity: 1 }]);
  await cartBadge(page, '1 item').click();
  await expect(quantityOf(page, 'Face Mitt')).toHaveText('1');
  await page.getByRole('button', { name: 'Decrease quantity of Face Mitt' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(cartBadge(page, '0 items')).toBeVisible();
  await expect.poll(() => serverCart(page.request)).toEqual([]);
  // docs/product.md#screens: SHOP NOW goes back to the mittens.
  await page.getByRole('button', { name: 'SHOP NOW' }).click();
  await expect(ourMittens).toBeInViewport();

  // Two Luxury Mitts make ₹1,198 with free shipping; the heading counts lines, the badge quantities.
  await card(page, 'Luxury Mitt').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card(page, 'Luxury Mitt').getByRole('button', { name: 'Added!' })).toBeVisible();
  await cartBadge(page, '1 item').click();
  await page.getByRole('button', { name: 'Increase quantity of Luxury Mitt' }).click();
  await expect(quantityOf(page, 'Luxury Mitt')).toHaveText('2');
  await expect(cartBadge(page, '2 items')).toBeVisible();
  await expect(heading).toHaveText('Shopping Cart (1 item)');
  await expectSummary(page, { Subtotal: '₹1,198', Shipping: 'FREE', Total: '₹1,198' });
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 4, quantity: 2 }]);
  // Continue Shopping goes home and scrolls to the products.
  await page.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/#products$/);
  await expect(ourMittens).toBeInViewport();
  await card(page, 'For Normal Skin').getByRole('button', { name: 'Add to wishlist' }).click();
  await card(page, 'Luxury Mitt Black').getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(wishlistBadge(page, '2 items')).toBeVisible();
  await expect.poll(() => serverWishlist(page.request)).toEqual([2, 7]);

  // docs/product.md#cart: at most 10 of a line; on a phone, the + button stops there and says why.
  await page.setViewportSize(phoneViewport);
  await cartBadge(page, '2 items').click();
  const plus = page.getByRole('button', { name: 'Increase quantity of Luxury Mitt' });
  for (let quantity = 3; quantity <= 10; quantity++) {
    await plus.click();
    await expect(quantityOf(page, 'Luxury Mitt')).toHaveText(String(quantity));
  }
  await expect(plus).toBeDisabled();
  await expect(plus).toHaveAccessibleDescription('You can buy at most 10 of each item.');
  await expect(page.getByText('You can buy at most 10 of each item.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect.poll(() => serverCart(page.request)).toEqual([{ id: 4, quantity: 10 }]);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // docs/product.md#behaviour Logout: the local copies go with the session; the cart stays on the server.
  await accountMenu(page, shopper.firstName).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(cartBadge(page, '0 items')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('ottomanCart'))).toBeNull();

  // Another browser: the cart and the wishlist are the server's, and Remove keeps to it.
  const otherBrowser = await browser.newContext({ baseURL });
  try {
    const other = await otherBrowser.newPage();
    await logInBrowser(other, server, shopper);
    await other.goto('/wishlist');
    // This page is not the fixture's: wait for the app to hydrate before pressing anything.
    await other.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const cards = other.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cartBadge(other, '10 items')).toBeVisible();
    await card(other, 'For Normal Skin').getByRole('button', { name: 'Remove' }).click();
    await expect(cards).toHaveCount(1);
    await expect(card(other, 'Luxury Mitt Black')).toBeVisible();
    await expect(wishlistBadge(other, '1 item')).toBeVisible();
    await expect.poll(() => serverWishlist(other.request)).toEqual([7]);
    await cartBadge(other, '10 items').click();
    await expect(quantityOf(other, 'Luxury Mitt')).toHaveText('10');
    await expectSummary(other, { Subtotal: '₹5,990', Shipping: 'FREE', Total: '₹5,990' });
  } finally {
    await otherBrowser.close();
  }
});
