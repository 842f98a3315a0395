import { expect, test } from './fixtures';

test('a product page shows its prices, details and a looping carousel', async ({ page }) => {
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Face Mitt' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('s')).toHaveText('₹399');
  await expect(main.locator('s')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(main.getByText('₹239', { exact: true })).toBeVisible();
  await expect(main.getByText('40% OFF')).toBeVisible();
  await expect(main.getByText('Rated 4 out of 5')).toBeAttached();

  await expect(page.getByRole('heading', { name: 'Why Choose Face Mitt' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Benefits' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('heading', { name: 'Changes Observed' })).toBeVisible();
  await expect(main.getByText('SKU', { exact: true })).toBeVisible();
  await expect(main.getByText('Category', { exact: true })).toBeVisible();

  // docs/product.md#screens: one slide at a time, dots, infinite loop.
  const gallery = page.getByRole('group', { name: 'Face Mitt photos' });
  const dot = (n: number) => gallery.getByRole('button', { name: `Show image ${n} of 3` });
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await gallery.getByRole('button', { name: 'Previous image' }).click();
  await expect(dot(3)).toHaveAttribute('aria-current', 'true');
  await gallery.getByRole('button', { name: 'Next image' }).click();
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await dot(2).click();
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByRole('img', { name: 'Face Mitt, photo 2' })).toBeInViewport();
});

test('opening a product from the grid shows it from the top of the page', async ({ page }) => {
  await page.goto('/#products');
  const card = page.getByRole('article', { name: 'Luxury Mitt Black', exact: true });
  await card.getByRole('link', { name: 'Luxury Mitt Black' }).click();
  await expect(page).toHaveURL(/\/product\/7$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Luxury Mitt Black' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('main').locator('s')).toHaveText('₹999');
  await expect(page.getByRole('main').getByText('₹599', { exact: true })).toBeVisible();
});

test('an unknown product id shows Product not found, and Return to Home goes home', async ({ page }) => {
  await page.goto('/product/999');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeVisible();

  await page.goto('/product/not-a-number');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
});

test('a visitor pressing Add to Cart on a product page is asked to log in', async ({ page }) => {
  await page.goto('/product/2');
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/product\/2$/);
});

test('product images that fail to load show No Image', async ({ page }) => {
  await page.route('**/images/products/**', (route) => route.abort());
  await page.goto('/product/3');
  await expect(page.getByRole('heading', { level: 1, name: 'For Sensitive Skin' })).toBeVisible();
  await expect(page.getByRole('main').getByText('No Image').first()).toBeVisible();
});

test('an unknown page shows Page not found with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeVisible();
});

test('a page whose code fails to load shows the default error page with a way home', async ({ page }) => {
  await page.route('**/assets/product-*.js', (route) => route.abort());
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeVisible();
});
