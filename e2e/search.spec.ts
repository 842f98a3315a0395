import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

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

function resultCards(page: Page) {
  return page.getByRole('region', { name: /^(Our Mittens|Search Results)$/ }).getByRole('article');
}

async function cardTitles(page: Page): Promise<string[]> {
  const titles = await resultCards(page).getByRole('heading').allTextContents();
  return titles.sort();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(resultCards(page)).toHaveCount(7);
});

test('typing filters the grid by title under Search Results, and Clear Search restores all 7', async ({
  page,
}) => {
  await searchBox(page).fill('luxury');
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toHaveCount(0);
  expect(await cardTitles(page)).toEqual(['Luxury Mitt', 'Luxury Mitt Black', 'Luxury Soft Mitt']);

  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions).toBeVisible();
  for (const title of ['Luxury Mitt', 'Luxury Soft Mitt', 'Luxury Mitt Black']) {
    await expect(suggestion(page, title)).toBeVisible();
  }

  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeVisible();
  await expect(resultCards(page)).toHaveCount(7);
  await expect(searchBox(page)).toHaveValue('');
});

test('suggestions also match the category, while the grid matches titles only', async ({ page }) => {
  await searchBox(page).fill('premium');
  // docs/product.md#entities: Luxury Mitt, Soft Mitt and Luxury Mitt Black are the premium mittens.
  for (const title of ['Luxury Mitt', 'Soft Mitt', 'Luxury Mitt Black']) {
    await expect(suggestion(page, title)).toBeVisible();
  }
  await expect(page.getByText('No products found matching your search.')).toBeVisible();
});

test('a search without matches shows the empty text and Clear Search brings back the 7 mittens', async ({
  page,
}) => {
  await searchBox(page).fill('zzz');
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  await expect(page.getByText('No products found matching your search.')).toBeVisible();
  await expect(resultCards(page)).toHaveCount(0);
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();

  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeVisible();
  await expect(resultCards(page)).toHaveCount(7);
  await expect(page.getByText('No products found matching your search.')).toHaveCount(0);
  await expect(searchBox(page)).toHaveValue('');
  // docs/product.md#behaviour: clearing the search reshuffles and saves the order.
  const saved = await page.evaluate(() =>
    JSON.parse(window.localStorage.getItem('ottomanProductOrder') ?? '[]'),
  );
  expect([...saved].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

test('clicking a suggestion fills the box and opens that product', async ({ page }) => {
  await searchBox(page).fill('face');
  await suggestion(page, 'Face Mitt').click();
  await expect(page).toHaveURL(/\/product\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Face Mitt' })).toBeVisible();
  await expect(searchBox(page)).toHaveValue('Face Mitt');
});

test('submitting an exact title opens that product; any other search shows the results', async ({ page }) => {
  await searchBox(page).fill('soft mitt');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/product\/6$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Soft Mitt' })).toBeVisible();

  await searchBox(page).fill('skin');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/#products$/);
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeInViewport();
  expect(await cardTitles(page)).toEqual(['For Normal Skin', 'For Sensitive Skin']);
});

test('the suggestions work from the keyboard', async ({ page }) => {
  await searchBox(page).fill('sensitive');
  await searchBox(page).press('ArrowDown');
  await expect(suggestion(page, 'For Sensitive Skin')).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/product\/3$/);
});
