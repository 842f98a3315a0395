import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// docs/product.md#search-matching, as only a browser shows it: the query in the address bar kept by reload
// and Back, and the server's page for /?q=…. What each query finds is contracts/product-search.test.ts; the
// box's and the grid's states web/features/search/components/search-box.test.tsx.

test.use({ viewport: phoneViewport });

function searchBox(page: Page) {
  return page.getByRole('combobox', { name: 'Search mittens' });
}

async function resultTitles(page: Page): Promise<string[]> {
  const results = page.getByRole('region', { name: 'Search Results' });
  await expect(results.getByRole('article').first()).toBeVisible();
  return (await results.getByRole('article').getByRole('heading').allTextContents()).sort();
}

const allSeven = [
  'Face Mitt',
  'For Normal Skin',
  'For Sensitive Skin',
  'Luxury Mitt',
  'Luxury Mitt Black',
  'Luxury Soft Mitt',
  'Soft Mitt',
];
const soft = ['For Sensitive Skin', 'Luxury Soft Mitt', 'Soft Mitt'];

test('a visitor on a phone finds the mittens as "mitten", "GLOVES" and "sof", and keeps the search through reload and Back', async ({
  page,
}) => {
  await page.goto('/');
  await searchBox(page).fill('mitten');
  await expect(page).toHaveURL(/\/\?q=mitten$/);
  expect(await resultTitles(page)).toEqual(allSeven);

  await page.reload();
  await expect(searchBox(page)).toHaveValue('mitten');
  expect(await resultTitles(page)).toEqual(allSeven);

  // Submitting shows the results, scrolled to.
  await searchBox(page).fill('GLOVES');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/\?q=GLOVES#products$/);
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeInViewport();
  expect(await resultTitles(page)).toEqual(allSeven);

  // A typo or a word half typed: the suggestions are the results.
  await searchBox(page).fill('sof');
  await expect(page).toHaveURL(/\/\?q=sof$/);
  expect(await resultTitles(page)).toEqual(soft);
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(suggestions).toHaveCount(3);
  await expectNoAxeViolations(page);

  await page
    .getByRole('region', { name: 'Search Results' })
    .getByRole('link', { name: 'Soft Mitt', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Soft Mitt' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/\?q=sof$/);
  await expect(searchBox(page)).toHaveValue('sof');
  expect(await resultTitles(page)).toEqual(soft);

  // A shared link: the server's page already shows the results.
  const html = await (await page.request.get('/?q=sof')).text();
  expect(html).toContain('Search Results');
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  await page.goto('/?q=sof');
  await expect(searchBox(page)).toHaveValue('sof');
  expect(await resultTitles(page)).toEqual(soft);
  // It hydrates with the same results, the matcher loaded first (no mismatch to recover from).
  await page
    .getByRole('region', { name: 'Search Results' })
    .getByRole('button', { name: 'Clear Search' })
    .click();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(complaints).toEqual([]);
});
