import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// docs/architecture.md#pages-as-html: the catalogue pages arrive as HTML, readable without JavaScript, and the
// app hydrates them without a mismatch.

test.use({ viewport: phoneViewport });

/** React marks each element it has hydrated; the page's heading and footer then belong to the app. */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    ['main h1', 'footer'].every((selector) => {
      const element = document.querySelector(selector);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
    }),
  );
}

/** Console errors and warnings that speak of hydration, collected from the page's start. */
function hydrationComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if ((message.type() === 'error' || message.type() === 'warning') && /hydrat|did not match/i.test(text)) {
      complaints.push(text);
    }
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  return complaints;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows its title, prices and description, and its links navigate', async ({ page }) => {
    await page.goto('/product/1');
    await expect(page).toHaveTitle('Face Mitt · Ottoman Mittens');
    await expect(page.getByRole('heading', { level: 1, name: 'Face Mitt' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.locator('s')).toHaveText('₹399');
    await expect(main.getByText('₹239', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Choose Face Mitt' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Face Mitt, photo 1' })).toBeInViewport();

    // A policy link in the footer is a real link: the browser goes there and the server renders it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('the home page lists the seven mittens with their prices, and a card opens its page', async ({
    page,
  }) => {
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Our Mittens' }).getByRole('article');
    await expect(cards).toHaveCount(7);
    const card = page.getByRole('article', { name: 'Luxury Mitt Black', exact: true });
    await expect(card.getByText('₹599', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: 'Luxury Mitt Black' }).click();
    await expect(page).toHaveURL(/\/product\/7$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Luxury Mitt Black' })).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test('a product page hydrates without complaint; Add to Cart and the wishlist work', async ({
    page,
    server,
  }) => {
    const complaints = hydrationComplaints(page);
    await signInBrowser(page, server);
    await page.goto('/product/2');
    await waitForHydration(page);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await main.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(main.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(complaints).toEqual([]);
  });

  test('the home page hydrates without complaint and search filters the grid', async ({ page }) => {
    const complaints = hydrationComplaints(page);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'Search mittens' }).fill('luxury');
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Search Results' }).getByRole('article')).toHaveCount(3);
    await expectNoAxeViolations(page);
    expect(complaints).toEqual([]);
  });

  test('a policy page and the 404 product page hydrate without complaint', async ({ page }) => {
    const complaints = hydrationComplaints(page);
    await page.goto('/shipping-delivery');
    await waitForHydration(page);
    const response = await page.goto('/product/999');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    expect(complaints).toEqual([]);
  });
});
