import { notifyMeLabels, notifyMeMessages } from '../contracts/notify-me-rules';
import { expect, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInOwnerByCookie } from './support/console-journeys';
import { fillCart } from './support/shop';
import { restoreSeedStock, setProductStock } from './support/stock';

// docs/product.md#stock: a product whose units ran out says so, on its page, on the home grid and in the cart,
// and its page offers "Notify me" (docs/product.md#notify-me).

test.use({ viewport: phoneViewport });

// Each journey empties some shelves; the worker's later journeys find them full again, even after a failure.
test.afterEach(async ({ server }) => {
  await restoreSeedStock(server);
});

// One journey: a shopper meets empty shelves on the grid, a product page and the cart, then pays for the
// last unit just as it runs out, and the owner ships the order late once restocked.
test('a shopper meets sold-out mittens on the grid, its page and the cart; an order paid after the last unit went ships late once restocked', async ({
  page,
  server,
}) => {
  test.slow();
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 3, quantity: 1 }]);
  await setProductStock(server, 3, 0);
  await setProductStock(server, 6, 0);

  await page.goto('/');
  const card = page.getByRole('article', { name: 'Soft Mitt', exact: true });
  await expect(card.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.goto('/product/3');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'For Sensitive Skin' })).toBeVisible();
  await expect(main.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Added!' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/product/2');
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await setProductStock(server, 2, 0);
  // The storefront follows the stock at once: the next visit shows it.
  await page.reload();
  await expect(main.getByText('Out of stock', { exact: true })).toBeVisible();
  // docs/product.md#notify-me: in place of the disabled Add to Cart, the shopper asks to be told.
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await main.getByRole('button', { name: notifyMeLabels.button }).click();
  await expect(main.getByRole('status').filter({ hasText: notifyMeMessages.notifyAdded })).toBeVisible();
  await expect(main.getByRole('button', { name: notifyMeLabels.cancel })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ hasText: 'For Sensitive Skin' });
  await expect(line.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please remove the items that are no longer available to check out.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'PROCEED TO CHECKOUT' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await line.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty');
  await restoreSeedStock(server);

  await setProductStock(server, 4, 1);
  await fillCart(page.request, [{ id: 4, quantity: 1 }]);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  const paymentWindow = page.getByRole('dialog', { name: 'Razorpay test mode' });
  await expect(paymentWindow.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  // While the shopper pays, the owner counts the shelf again and finds none left.
  await setProductStock(server, 4, 0);
  await paymentWindow.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';

  // The owner, signed in by cookie in the same browser (the console's sign-in has its own journey).
  await signInOwnerByCookie(page.context(), server, 'Meera Das');
  await page.goto(`/admin/orders/${orderId}`);
  await page.getByRole('button', { name: 'Ship late' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship this order late' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  await dialog.getByRole('button', { name: 'Ship late' }).click();
  await expect(dialog.getByText('Not enough stock of Luxury Mitt yet: 0 left, 1 needed.')).toBeVisible();

  await setProductStock(server, 4, 5);
  await dialog.getByRole('button', { name: 'Ship late' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'The stock is taken and the parcel will be booked in a moment.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ship late' })).toHaveCount(0);
  // The order page itself; the console's navigation is checked by the console's own spec.
  await expectNoAxeViolations(page, 'main');
});
