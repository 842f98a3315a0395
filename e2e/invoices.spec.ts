import { readFile } from 'node:fs/promises';
import type { Order } from '../contracts/orders';
import { expect, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { fillCart, payForCart } from './support/shop';

// docs/product.md#gst-invoices: a paid order's tax invoice, downloaded from My Orders.

test.use({ viewport: phoneViewport });

test('a shopper pays an order and downloads its invoice from My Orders', async ({ page, server }) => {
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  const orderId = await payForCart(page);
  const { order } = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { order: Order };

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  const link = card.getByRole('link', { name: /^Download invoice INV\/\d{4}\/\d{6}$/ });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
