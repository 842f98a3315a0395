import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { afterTwoFrames } from './support/frames';

test.use({ viewport: { width: 360, height: 740 } });

// docs/product.md#entities: the catalogue's list prices and ratings; every product has a 40% discount.
const listPricesAscending = [399, 649, 899, 949, 949, 999, 999];
const discountedPricesAscending = [239, 389, 539, 569, 569, 599, 599];
const ratingsDescending = [5, 5, 5, 4, 4, 4, 3];

function productCards(page: Page): Locator {
  return page.getByRole('region', { name: 'Our Mittens' }).getByRole('article');
}

function rupees(texts: string[]): number[] {
  return texts.map((text) => Number(text.replace(/[^\d]/g, '')));
}

async function cardProductIds(page: Page): Promise<number[]> {
  const hrefs = await productCards(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(href.replace('/product/', '')));
}

async function storedProductOrder(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('ottomanProductOrder') ?? 'null'));
}

test('home shows the 7 mittens under Our Mittens, each with its prices, badge and buttons', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Our Mittens' })).toBeVisible();
  const cards = productCards(page);
  await expect(cards).toHaveCount(7);

  const faceMitt = page.getByRole('article', { name: 'Face Mitt', exact: true });
  await expect(faceMitt.locator('s')).toHaveText('₹399');
  await expect(faceMitt.locator('s')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(faceMitt.getByText('₹239', { exact: true })).toBeVisible();
  await expect(faceMitt.getByText('40% OFF')).toBeVisible();
  await expect(faceMitt.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
  await expect(faceMitt.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(cards.getByText('40% OFF')).toHaveCount(7);

  // docs/product.md#numbers-and-timings: carousel with dots, no arrows, lazy images with their size set.
  await expect(faceMitt.getByRole('button', { name: /^Show image \d of 3$/ })).toHaveCount(3);
  await expect(faceMitt.getByRole('button', { name: /Next image|Previous image/ })).toHaveCount(0);
  const firstImage = faceMitt.getByRole('img', { name: 'Face Mitt, photo 1' });
  await expect(firstImage).toHaveAttribute('loading', 'lazy');
  await expect(firstImage).toHaveAttribute('width', '400');
  await expect(firstImage).toHaveAttribute('height', '400');

  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(page.getByText('Set Location')).toBeVisible();
});

test('each sort orders the cards by the spec keys', async ({ page }) => {
  await page.goto('/');
  const cards = productCards(page);
  await expect(cards).toHaveCount(7);
  const sort = page.getByRole('combobox', { name: 'Sort products' });
  await expect(sort.getByRole('option')).toHaveText([
    'Sort by',
    'Price: Low to High',
    'Rating: High to Low',
    'Discount: High to Low',
  ]);

  await sort.selectOption({ label: 'Price: Low to High' });
  expect(rupees(await cards.locator('s').allTextContents())).toEqual(listPricesAscending);
  expect(rupees(await cards.locator('strong').allTextContents())).toEqual(discountedPricesAscending);
  await expect(cards.first()).toHaveAccessibleName('Face Mitt');

  await sort.selectOption({ label: 'Rating: High to Low' });
  const ratings = await cards.getByText(/^Rated \d out of 5$/).allTextContents();
  expect(ratings.map((text) => Number(/Rated (\d)/.exec(text)?.[1]))).toEqual(ratingsDescending);
  await expect(cards.last()).toHaveAccessibleName('For Sensitive Skin');

  await sort.selectOption({ label: 'Discount: High to Low' });
  const discounts = rupees(await cards.getByText(/^\d+% OFF$/).allTextContents());
  expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
  expect(discounts).toHaveLength(7);

  // Back to 'Sort by': the shuffled order saved in local storage.
  await sort.selectOption({ label: 'Sort by' });
  expect(await cardProductIds(page)).toEqual(await storedProductOrder(page));
});

test('the unsorted grid is in a random order, saved as ottomanProductOrder and reshuffled on each grid load', async ({
  page,
}) => {
  // docs/product.md#pages-as-html: the page's first grid is the server's shuffle; each later grid load
  // (here: a policy page and back, in the app) shuffles again.
  const orders = new Set<string>();
  await page.goto('/');
  for (let load = 0; load < 4; load++) {
    if (load > 0) {
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      await page.goBack();
    }
    await expect(productCards(page)).toHaveCount(7);
    const shown = await cardProductIds(page);
    await expect.poll(() => storedProductOrder(page)).toEqual(shown);
    expect([...shown].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    orders.add(shown.join(','));
  }
  // Four identical shuffles of 7 cards happen once in 10^14 runs.
  expect(orders.size).toBeGreaterThan(1);
});

test('BUY NOW scrolls to the products, and a URL hash scrolls to its section', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeInViewport();

  await page.goto('/#contact');
  await expect(page.getByRole('heading', { name: 'Send a Message' })).toBeInViewport();
  await page.goto('/#about');
  await expect(page.getByRole('heading', { name: 'About Ottoman' })).toBeInViewport();
});

test('the mobile menu locks the page scroll, closes on Escape and outside clicks, and goes to sections', async ({
  page,
}) => {
  await page.goto('/');
  const bodyOverflow = () => page.evaluate(() => document.body.style.overflow);
  const menu = page.getByRole('navigation', { name: 'Main' });
  const openMenu = page.getByRole('button', { name: 'Open menu' });

  await expect(menu).toBeHidden();
  await openMenu.click();
  await expect(menu.getByRole('link')).toHaveText(['Products', 'About', 'Contact', 'Orders']);
  expect(await bodyOverflow()).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  expect(await bodyOverflow()).toBe('');

  await openMenu.click();
  await expect(menu).toBeVisible();
  await page.mouse.click(180, 700);
  await expect(menu).toBeHidden();
  expect(await bodyOverflow()).toBe('');

  await openMenu.click();
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'About Ottoman' })).toBeInViewport();

  // From another page the menu goes home first, then scrolls.
  await page.goto('/privacy-policy');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.getByRole('heading', { name: 'Send a Message' })).toBeInViewport();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Orders' }).click();
  // A visitor's My Orders asks for a sign-in first and returns there after.
  await expect(page).toHaveURL(/\/login\?returnTo=%2Forders$/);
});

test('the header takes its scrolled style past 10 px', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).not.toHaveClass(/site-header--scrolled/);
  await page.evaluate(() => window.scrollTo(0, 11));
  await expect(header).toHaveClass(/site-header--scrolled/);
  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(header).not.toHaveClass(/site-header--scrolled/);
});

test('a visitor pressing Add to Cart or the wishlist heart gets the login modal', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('article', { name: 'Soft Mitt', exact: true });
  const dialog = page.getByRole('dialog', { name: 'Login' });

  await card.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
});

test('card carousels auto-play, except for visitors who ask for reduced motion', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('article', { name: 'Face Mitt', exact: true });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(card.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute(
    'aria-current',
    'true',
    {
      timeout: 4000,
    },
  );

  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Timers under the test's control from the reload on: longer than one auto-play step passes at once.
  await page.clock.install();
  await page.reload();
  await card.scrollIntoViewIfNeeded();
  // The carousel has seen it is on screen (which alone would start it) before the time passes.
  await afterTwoFrames(page);
  await page.clock.runFor(2600);
  await expect(card.getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('an image that fails to load shows the No Image placeholder', async ({ page }) => {
  await page.route('**/images/products/1-*', (route) => route.abort());
  await page.goto('/');
  const card = page.getByRole('article', { name: 'Face Mitt', exact: true });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('No Image').first()).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Soft Mitt', exact: true }).getByText('No Image'),
  ).toHaveCount(0);
});

test('the footer has its four columns, the policy links and the copyright line', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const heading of ['About Mitten', 'Help', 'Quick Links', 'Follow Us']) {
    await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', /instagram\.com/);
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /facebook\.com/);
  await expect(footer.getByText('© 2025 Ottoman Mittens. All rights reserved.')).toBeVisible();
  await footer.getByRole('link', { name: 'Shipping and Delivery' }).click();
  await expect(page).toHaveURL(/\/shipping-delivery$/);
});
