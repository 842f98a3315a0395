import { and, count, eq } from 'drizzle-orm';
import type { ProductReviewsReply } from '../contracts/reviews';
import { auditLog, orderAttention, reviewSettings, reviews } from '../server/db/schema';
import { orderNumberOf } from '../server/modules/orders/order-view';
import { createReview } from '../server/modules/reviews/review-writer';
import { insertDeliveredOrders } from '../server/test/delivered-orders';
import { expect, test } from './fixtures';
import { aShopper, createAccount } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { openConsolePage, signInOwnerByCookie } from './support/console-journeys';
import { journeyProducts } from './support/journey-products';
import { expectFitsWidth } from './support/phone-width';

// docs/product.md#reviews-console: the owner's side of reviews on a phone, signed in by cookie. Two shoppers
// with delivered orders have reviewed a product, written by the server's own writer (the shopper's form has its
// journey): a 2-star review, published at once, which raises Needs attention, and a 5-star one held for
// approval. The owner sees the new review counted on the dashboard, replies publicly to the low rating (which
// settles its flag), hides the other with a reason, and changes the review settings. The page's other states
// are component tests (web/app/routes/admin/admin-reviews.test.tsx).

test.use({ viewport: phoneViewport });

const insertProduct = journeyProducts();

test('an owner replies to a low rating, hides a held review with a reason and sets how reviews are published', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const productTitle = `Review journey mitten ${tag}`;
  const productId = await insertProduct(server, { title: productTitle });
  const low = await createAccount(server, aShopper({ firstName: 'Kavya', city: 'Kochi' }));
  const held = await createAccount(server, aShopper({ firstName: 'Rohan', lastName: 'Pillai' }));
  const [lowOrderId = '', heldOrderId = ''] = await insertDeliveredOrders(server.db, {
    userIds: [low.user._id, held.user._id],
    productId,
  });
  const lowTitle = `Scratchy on my arms ${tag}`;
  const heldTitle = `Best mitten ever ${tag}`;
  const lowReview = await createReview(
    server.db,
    server.app.jobs,
    { userId: low.user._id, orderId: null },
    {
      productId,
      rating: 2,
      title: lowTitle,
      text: 'Too rough for my skin, even when wet.',
      showNameAndCity: true,
    },
    { autoPublish: true, requestDelayDays: 5 },
  );
  const heldReview = await createReview(
    server.db,
    server.app.jobs,
    { userId: held.user._id, orderId: null },
    {
      productId,
      rating: 5,
      title: heldTitle,
      text: 'Call 98xxxxxx for a cheaper one!',
      showNameAndCity: false,
    },
    { autoPublish: false, requestDelayDays: 5 },
  );
  const [pending] = await server.db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'));
  const newReviews = pending?.n ?? 0;
  const owner = await signInOwnerByCookie(context, server, 'Asha Rao');

  // The dashboard counts the held reviews and says why the low rating's order needs the owner.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const attention = page.getByRole('region', { name: 'Needs attention' });
  await expect(
    attention.getByRole('listitem').filter({ hasText: `Order ${orderNumberOf(lowOrderId)}` }),
  ).toContainText(
    'The shopper rated a product of it 1 or 2 stars: call them, then reply to the review or hide it (Reviews).',
  );
  const reviewsCard = page.getByRole('region', { name: 'Reviews' });
  await reviewsCard
    .getByRole('link', { name: newReviews === 1 ? '1 new review' : `${newReviews} new reviews` })
    .click();
  await expect(page).toHaveURL(/\/admin\/reviews\?status=pending$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Filter by status' });
  await expect(tabs.getByRole('link', { name: `New (${newReviews})` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const heldCard = page.getByRole('listitem', { name: heldTitle });
  await expect(heldCard).toContainText('5 of 5 stars');
  await expect(heldCard).toContainText(productTitle);
  await expect(heldCard).toContainText('Rohan Pillai');
  await expect(heldCard).toContainText('A verified buyer');
  await expect(heldCard.getByRole('link', { name: `Order ${orderNumberOf(heldOrderId)}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsWidth(page, 'Reviews');

  // Reply publicly to the low rating, from every review (the menu's Reviews).
  await openConsolePage(page, 'Reviews');
  // The same page with another query: the menu folds away all the same.
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(tabs.getByRole('link', { name: /^All \(\d+\)$/ })).toHaveAttribute('aria-current', 'page');
  const lowCard = page.getByRole('listitem', { name: lowTitle });
  await expect(lowCard).toContainText('2 of 5 stars');
  await expect(lowCard).toContainText('Kavya, Kochi');
  await lowCard.getByRole('button', { name: 'Reply publicly' }).click();
  const replyDialog = page.getByRole('dialog', { name: 'Reply publicly' });
  const replyText = 'Sorry, Kavya: we have called you to send a softer one.';
  await replyDialog.getByLabel('Your reply').fill(replyText);
  await expectNoAxeViolations(page, 'dialog[open]');
  await replyDialog.getByRole('button', { name: 'Save reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reply published.' })).toBeVisible();
  await expect(replyDialog).toBeHidden();
  await expect(lowCard).toContainText(replyText);
  await expect(lowCard.getByRole('button', { name: 'Edit reply' })).toBeVisible();

  // Hide the held review: the reason is asked for, and required.
  await page.getByRole('listitem', { name: heldTitle }).getByRole('button', { name: 'Hide' }).click();
  const hideDialog = page.getByRole('dialog', { name: 'Hide this review' });
  await expect(hideDialog).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  await expectFitsWidth(page, 'Hide this review');
  await hideDialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(hideDialog).toContainText(
    'Please give a reason for hiding the review (at most 300 characters).',
  );
  await expectNoAxeViolations(page, 'dialog[open]');
  await hideDialog.getByLabel('Reason for hiding it (required)').fill('Advertises a phone number.');
  await hideDialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Review hidden.' })).toBeVisible();
  await expect(hideDialog).toBeHidden();
  const hiddenCard = page.getByRole('listitem', { name: heldTitle });
  await expect(hiddenCard).toContainText('Hidden because');
  await expect(hiddenCard).toContainText('Advertises a phone number.');
  await expect(hiddenCard.getByRole('button', { name: 'Publish' })).toBeVisible();
  await tabs.getByRole('link', { name: /^Hidden/ }).click();
  await expect(page.getByRole('listitem', { name: heldTitle })).toBeVisible();
  await expect(page.getByRole('listitem', { name: lowTitle })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // What the server kept: the hidden review with its reason, the reply, the audit, the flag settled.
  const [hiddenRow] = await server.db.select().from(reviews).where(eq(reviews.id, heldReview.id));
  expect(hiddenRow?.status).toBe('hidden');
  expect(hiddenRow?.hiddenReason).toBe('Advertises a phone number.');
  const [repliedRow] = await server.db.select().from(reviews).where(eq(reviews.id, lowReview.id));
  expect(repliedRow?.reply).toBe(replyText);
  const audits = await server.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.staffId, owner.staffId));
  expect(audits.map((row) => row.action).sort()).toEqual(['review.hide', 'review.reply']);
  const flags = await server.db
    .select({ resolvedAt: orderAttention.resolvedAt })
    .from(orderAttention)
    .where(and(eq(orderAttention.orderId, lowOrderId), eq(orderAttention.reason, 'low_rating_review')));
  expect(flags).toHaveLength(1);
  expect(flags[0]?.resolvedAt).not.toBeNull();

  // The shop shows the low rating with the brand's reply, and not the hidden review.
  const shop = (await (
    await page.request.get(`/api/products/${productId}/reviews?sort=newest`)
  ).json()) as ProductReviewsReply;
  expect(shop.reviews.map((review) => [review.title, review.reply?.text ?? null])).toEqual([
    [lowTitle, replyText],
  ]);

  // docs/product.md#review-settings: on the Settings page, hold reviews and ask 7 days after delivery; then
  // back to the defaults, for the worker's other journeys.
  await openConsolePage(page, 'Settings');
  const settings = page.getByRole('group', { name: 'Reviews' });
  const autoPublish = settings.getByLabel(
    'Publish new reviews at once (untick to hold each for your approval)',
  );
  const days = settings.getByLabel('Days after delivery to ask for a review (1 to 60)');
  await expect(autoPublish).toBeChecked();
  await expect(days).toHaveValue('5');
  await autoPublish.uncheck();
  await days.fill('7');
  await settings.getByRole('button', { name: 'Save review settings' }).click();
  await expect(page.getByText('Review settings saved.')).toBeVisible();
  const [saved] = await server.db.select().from(reviewSettings);
  expect([saved?.autoPublish, saved?.requestDelayDays, saved?.updatedByStaffId]).toEqual([
    false,
    7,
    owner.staffId,
  ]);
  await autoPublish.check();
  await days.fill('5');
  await settings.getByRole('button', { name: 'Save review settings' }).click();
  await expect.poll(async () => (await server.db.select().from(reviewSettings))[0]?.autoPublish).toBe(true);
});
