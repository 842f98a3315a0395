import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { reviewMessages } from '../contracts/review-rules';
import { queueReviewRequests } from '../server/modules/reviews/review-requests';
import { createReview } from '../server/modules/reviews/review-writer';
import { insertDeliveredOrders } from '../server/test/delivered-orders';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, type ShopServer, test } from './fixtures';
import { aShopper, createAccount, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInOwnerByCookie } from './support/console-journeys';
import { paidOrderOf } from './support/orders-journey';
import { pickupScheduled, shiprocketSimulatorOf } from './support/shop';

// Issue 46's shopper journey on a phone: a delivered order's shopper opens the review link the request e-mail
// brought (the dev outbox), without signing in, rates 4 stars with a photo, and the product page and the home
// card show the new average and count; the owner hides another buyer's review in the console and replies to this
// one. axe-core on the form, the product page's reviews and the console's Reviews page. The form's and
// the list's other states are component tests (web/features/reviews/components/*.test.tsx); the rules are
// integration tests (server/http/shop/reviews.test.ts).

test.use({ viewport: phoneViewport });

const DAY_MS = 24 * 3600_000;
// Luxury Soft Mitt (server/db/seed-products.ts): no other journey reviews it.
const PRODUCT = { id: 5, title: 'Luxury Soft Mitt' };

/** A paid order of the signed-in shopper, its parcel booked and moved by the simulator to delivered. */
async function deliveredOrder(request: APIRequestContext, server: ShopServer): Promise<string> {
  const orderId = await paidOrderOf(request, server, [{ id: PRODUCT.id, quantity: 1 }]);
  const order = await pickupScheduled(request, orderId);
  shiprocketSimulatorOf(server).move(Number(order.shipment?.shiprocketShipmentId), 'delivered');
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/orders/${orderId}`)).json()) as { order: { status: string } }).order
          .status,
    )
    .toBe('delivered');
  return orderId;
}

test('a delivered order reviewed from the request e-mail’s link: 4 stars with a photo, on the product page and its card', async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(120_000);
  const shopper = await signInBrowser(page, server);
  await deliveredOrder(page.request, server);

  // docs/product.md#review-requests: the hourly step, run as if the default 5 days had passed; the job e-mails.
  await queueReviewRequests(server.db, server.app.jobs, new Date(Date.now() + 6 * DAY_MS));
  let body = '';
  await expect
    .poll(
      async () => {
        const mail = (await readOutbox(page.request, shopper.email)).find((message) =>
          message.subject.startsWith('How are your mittens?'),
        );
        body = mail?.body ?? '';
        return body.includes('/review?token=');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const link = /https?:\/\/\S+\/review\?token=[^\s&]+/.exec(body)?.[0] ?? '';
  const { pathname, search } = new URL(link);

  // The link works without signing in: a browser with no session.
  const context = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const linkPage = await context.newPage();
  await linkPage.goto(`${pathname}${search}`);
  const form = linkPage.getByRole('form', { name: `Review of ${PRODUCT.title}` });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(linkPage, 'main');
  // An empty form is refused in the server's words, each beside its field.
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText(reviewMessages.ratingRange)).toBeVisible();
  await expect(form.getByText(reviewMessages.titleRequired)).toBeVisible();
  await expectNoAxeViolations(linkPage, 'main');

  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Title').fill('Soft, and my skin glows');
  await form.getByLabel('Your review').fill('Two weeks of use: gentle on the arms, and it dries fast.');
  const photo = await sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 160, b: 120 } },
  })
    .png()
    .toBuffer();
  await form
    .getByLabel(/^Photos/)
    .setInputFiles({ name: 'bathroom.png', mimeType: 'image/png', buffer: photo });
  await expect(form.getByText('bathroom.png (added when you save)')).toBeVisible();
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(linkPage.getByRole('status')).toHaveText(reviewMessages.published);
  await expect(linkPage.getByText('Status: Published')).toBeVisible();
  await expect(linkPage.getByRole('img', { name: 'Your upload 1 of 1' })).toBeVisible();
  await expectNoAxeViolations(linkPage, 'main');
  await context.close();

  // The product page (server-rendered): the average and count, and the review with its photo. The reviews'
  // chunk arrives after the page and hydrates the server's HTML without a mismatch.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`/product/${PRODUCT.id}`);
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await expect(reviews.getByText('4.0 out of 5')).toBeVisible();
  await expect(reviews.getByText('1 review', { exact: true })).toBeVisible();
  const review = reviews.getByRole('article', { name: 'Soft, and my skin glows' });
  await expect(review.getByText('Verified buyer')).toBeVisible();
  await expect(review.getByText(`${shopper.firstName}, ${shopper.city}`)).toBeVisible();
  const thumbnail = review.getByRole('img', { name: `From ${shopper.firstName}, 1 of 1` });
  await expect(thumbnail).toBeVisible();
  // docs/architecture.md#review-photos: served by the reviews' own route, 400 px wide.
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);
  await expect(page.locator('p.rating').first()).toContainText('4.0 (1)');
  await reviews.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, '#reviews');
  // Hydrated: the sort works in place.
  await reviews.getByLabel('Sort reviews').selectOption({ label: 'Most helpful first' });
  await expect(review).toBeVisible();
  expect(consoleErrors).toEqual([]);

  // Its card on home.
  await page.goto('/');
  const card = page.getByRole('article', { name: PRODUCT.title, exact: true });
  await expect(card.getByText('Rated 4.0 out of 5 from 1 review')).toBeAttached();
  await expect(card.locator('.rating__count')).toHaveText('4.0 (1)');

  // The owner's side (docs/product.md#reviews-console): another buyer's 1-star review arrives; the owner hides it
  // with a reason and replies to this one. The product page keeps 4.0 from 1 review, with the brand's reply.
  const other = await createAccount(server, aShopper({ firstName: 'Vikram' }));
  await insertDeliveredOrders(server.db, { userIds: [other.user._id], productId: PRODUCT.id });
  const spamTitle = `Buy cheaper at my shop ${Date.now().toString(36)}`;
  await createReview(
    server.db,
    server.app.jobs,
    { userId: other.user._id, orderId: null },
    { productId: PRODUCT.id, rating: 1, title: spamTitle, text: 'Visit my page.', showNameAndCity: true },
    { autoPublish: true, requestDelayDays: 5 },
  );
  const ownerContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  await signInOwnerByCookie(ownerContext, server, 'Meera Iyer');
  const consolePage = await ownerContext.newPage();
  await consolePage.goto('/admin/reviews');
  await consolePage.getByRole('listitem', { name: spamTitle }).getByRole('button', { name: 'Hide' }).click();
  const hideDialog = consolePage.getByRole('dialog', { name: 'Hide this review' });
  await hideDialog.getByLabel('Reason for hiding it (required)').fill('Advertises another shop.');
  await hideDialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(consolePage.getByRole('status').filter({ hasText: 'Review hidden.' })).toBeVisible();
  const mine = consolePage.getByRole('listitem', { name: 'Soft, and my skin glows' });
  await mine.getByRole('button', { name: 'Reply publicly' }).click();
  const replyDialog = consolePage.getByRole('dialog', { name: 'Reply publicly' });
  await replyDialog.getByLabel('Your reply').fill('Thank you! Rinse it and let it dry flat.');
  await replyDialog.getByRole('button', { name: 'Save reply' }).click();
  await expect(consolePage.getByRole('status').filter({ hasText: 'Reply published.' })).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await ownerContext.close();

  await page.goto(`/product/${PRODUCT.id}`);
  await expect(reviews.getByText('4.0 out of 5')).toBeVisible();
  await expect(reviews.getByText('1 review', { exact: true })).toBeVisible();
  await expect(review.getByText('Thank you! Rinse it and let it dry flat.')).toBeVisible();
  await expect(reviews.getByRole('article', { name: spamTitle })).toHaveCount(0);
});
