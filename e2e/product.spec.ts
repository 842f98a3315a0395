import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { afterTwoFrames } from './support/frames';

// docs/product.md#screens Product detail and #behaviour Search, as only a browser shows them: code and photos
// that fail to load, reduced motion, scrolling, the carousel's slides. The page's and the search's states are
// web/app/routes/product.test.tsx and web/features/search/components/search-box.test.tsx.

test.use({ viewport: { width: 360, height: 740 } });

function searchBox(page: Page) {
  return page.getByRole('combobox', { name: 'Search mittens' });
}

/** A suggestion's name is its title followed by its category. */
function suggestion(page: Page, title: string) {
  return page
    .getByRole('listbox', { name: 'Suggestions' })
    .getByRole('option', { name: new RegExp(`^${title} (bath|gloves|premium)$`) });
}

test('a visitor who asks for reduced motion searches, opens mittens and looks through one; failed code and photos show their fallbacks', async ({
  page,
}) => {
  // One journey does the work of several former tests: a busy machine needs more than 30 s for it.
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Timers under the test's control: longer than one auto-play step passes at once.
  await page.clock.install();
  // The photos of For Sensitive Skin fail to load all along.
  await page.route('**/images/products/3-*', (route) => route.abort());

  // A page whose code fails to load shows the default error page with a way home.
  await page.route('**/assets/product-*.js', (route) => route.abort());
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.unroute('**/assets/product-*.js');
  await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeVisible();

  // Card carousels do not auto-play for visitors who ask for reduced motion.
  const faceMitt = page.getByRole('article', { name: 'Face Mitt', exact: true });
  await faceMitt.scrollIntoViewIfNeeded();
  // The carousel has seen it is on screen (which alone would start it) before the time passes.
  await afterTwoFrames(page);
  await page.clock.runFor(2600);
  await expect(faceMitt.getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // An image that fails to load shows the No Image placeholder, on its card only.
  const sensitive = page.getByRole('article', { name: 'For Sensitive Skin', exact: true });
  await sensitive.scrollIntoViewIfNeeded();
  await expect(sensitive.getByText('No Image').first()).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Soft Mitt', exact: true }).getByText('No Image'),
  ).toHaveCount(0);

  // Any search that is not a title shows the results, scrolled to (titles and descriptions that say "skin").
  await page.evaluate(() => window.scrollTo(0, 0));
  await searchBox(page).fill('skin');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/\?q=skin#products$/);
  const results = page.getByRole('region', { name: 'Search Results' });
  await expect(results.getByRole('heading', { name: 'Search Results' })).toBeInViewport();
  expect((await results.getByRole('article').getByRole('heading').allTextContents()).sort()).toEqual([
    'Face Mitt',
    'For Normal Skin',
    'For Sensitive Skin',
    'Luxury Soft Mitt',
  ]);

  // Opening a product from the grid shows it from the top of the page.
  await results.getByRole('link', { name: 'For Normal Skin' }).click();
  await expect(page).toHaveURL(/\/product\/2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'For Normal Skin' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('main').locator('s')).toHaveText('₹949');
  await expect(page.getByRole('main').getByText('₹569', { exact: true })).toBeVisible();

  // The suggestions work from the keyboard; this product's images fail to load and show No Image.
  await searchBox(page).fill('sensitive');
  await searchBox(page).press('ArrowDown');
  await expect(suggestion(page, 'For Sensitive Skin')).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/product\/3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'For Sensitive Skin' })).toBeVisible();
  await expect(page.getByRole('main').getByText('No Image').first()).toBeVisible();

  // Clicking a suggestion fills the box and opens that product.
  await searchBox(page).fill('face');
  await suggestion(page, 'Face Mitt').click();
  await expect(page).toHaveURL(/\/product\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Face Mitt' })).toBeVisible();
  await expect(searchBox(page)).toHaveValue('Face Mitt');
  const main = page.getByRole('main');
  await expect(main.locator('s')).toHaveText('₹399');
  await expect(main.locator('s')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(main.getByText('₹239', { exact: true })).toBeVisible();

  // docs/architecture.md#seed-images: a seed product's pictures are stored as an upload's, AVIF and WebP at
  // two widths, with the size the page draws them at.
  const firstPhoto = page.getByRole('img', { name: 'Face Mitt, photo 1' });
  await expect(firstPhoto).toHaveAttribute('src', '/images/products/1-1-800.webp');
  await expect(firstPhoto).toHaveAttribute('fetchpriority', 'high');
  await expect(firstPhoto).toHaveAttribute('width', '600');
  await expect(firstPhoto.locator('xpath=..').locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    '/images/products/1-1-400.avif 400w, /images/products/1-1-800.avif 800w',
  );

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
