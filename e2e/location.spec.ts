import { expect, test } from './fixtures';
import { addressLine, aShopper, createSignedInShopper } from './support/accounts';

test('a visitor sees Set Location and a location modal without an address', async ({ page }) => {
  await page.goto('/');
  const location = page.getByRole('banner').getByRole('button', { name: 'Deliver to Set Location' });
  await location.click();
  const dialog = page.getByRole('dialog', { name: 'Choose your location' });
  await expect(dialog.getByText('No address found. Please update your profile.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the location block shows city and pincode; its modal shows the address and leads to the profile', async ({
  page,
  server,
}) => {
  const shopper = await createSignedInShopper(page, server, aShopper({ city: 'Jaipur', pincode: '302001' }));
  await page.goto('/');
  const location = page.getByRole('banner').getByRole('button', { name: 'Deliver to Jaipur, 302001' });
  await location.click();

  const dialog = page.getByRole('dialog', { name: 'Choose your location' });
  await expect(dialog.getByText(addressLine(shopper))).toBeVisible();
  await dialog.getByRole('button', { name: 'Update Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('City')).toHaveValue('Jaipur');
});

test('with only a city the label is the city', async ({ page, server }) => {
  await createSignedInShopper(page, server, aShopper({ city: 'Kochi' }));
  const cleared = await page.request.put('/api/auth/profile', {
    headers: { 'X-Requested-With': 'fetch' },
    data: { pincode: '' },
  });
  expect(cleared.status()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Deliver to Kochi' })).toBeVisible();
});
