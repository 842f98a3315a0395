import { expect, test } from './fixtures';

// docs/product.md#screens: the four static policy pages; docs/product.md#policies: their 6-8 day rules and 'last updated Jul 9 2025'.
const policyPages = [
  { path: '/terms-and-conditions', title: 'Terms and Conditions', footerLink: 'Terms and Conditions' },
  { path: '/privacy-policy', title: 'Privacy Policy', footerLink: 'Privacy Policy' },
  {
    path: '/cancellation-refund',
    title: 'Cancellation and Refund Policy',
    footerLink: 'Cancellation and Refund',
    rules: [
      'cancel an order within 6-8 days of ordering',
      'within 6-8 days of receipt',
      'Refunds take 6-8 days',
    ],
  },
  {
    path: '/shipping-delivery',
    title: 'Shipping and Delivery Policy',
    footerLink: 'Shipping and Delivery',
    rules: ['shipped or handed to a courier within 6-8 days'],
  },
];

for (const policy of policyPages) {
  test(`${policy.title} renders with its last-updated date`, async ({ page }) => {
    await page.goto(policy.path);
    await expect(page.getByRole('heading', { level: 1, name: policy.title })).toBeVisible();
    await expect(page.getByText('Last updated Jul 9 2025')).toBeVisible();
    await expect(page).toHaveTitle(`${policy.title} · Ottoman Mittens`);
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBeGreaterThan(0);
    for (const rule of policy.rules ?? []) {
      await expect(page.getByRole('main').getByText(rule).first()).toBeVisible();
    }
  });
}

test('the footer links open each policy page', async ({ page }) => {
  await page.goto('/');
  for (const policy of policyPages) {
    await page.getByRole('contentinfo').getByRole('link', { name: policy.footerLink }).click();
    await expect(page).toHaveURL(new RegExp(`${policy.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: policy.title })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  }
});
