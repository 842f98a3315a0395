import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListReply, ProductReply } from '../../../contracts/catalogue';
import type {
  AdminReview,
  MyReviewsReply,
  OwnReview,
  ProductReviewsReply,
  RatingSummary,
  ReviewPhoto,
} from '../../../contracts/reviews';
import { reviewMessages, reviewRefusalMessages } from '../../../contracts/reviews';
import {
  auditLog,
  orderAttention,
  orderItems,
  orders,
  returnLines,
  returns,
  reviewRequestOptOuts,
  reviews,
  users,
} from '../../db/schema';
import { newReviewLink } from '../../modules/reviews/review-records';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertDeliveredOrders } from '../../test/delivered-orders';
import { newShopper, type Shopper } from '../../test/order-helpers';
import { type CreatedStaff, createStaffMember } from '../../test/staff-factory';
import { REVIEW_LINK_HEADER, REVIEW_WRITES_PER_HOUR } from './reviews';

// docs/product.md#reviews: verified buyers' reviews over HTTP: who may write one, one per product, the rating it
// earns, the link without sign-in, photos, votes, and the owner's moderation.

let app: TestApp;
let owner: CreatedStaff;
let support: CreatedStaff;
beforeAll(async () => {
  app = await buildTestApp({ jobWorkers: false, photoUploadLimits: { perShopper: 20, perIp: 40 } });
  owner = await createStaffMember(app, { role: 'owner' });
  support = await createStaffMember(app, { role: 'support' });
});
afterAll(() => app.closeAndDrop());

/** A shopper with an empty cart. */
const shopper = () => newShopper(app, []);

/** A delivered, paid order of one unit of `productId` for the shopper; its id. */
async function delivered(who: Shopper, productId: number): Promise<string> {
  const [orderId] = await insertDeliveredOrders(app.db, { userIds: [who.userId], productId });
  if (!orderId) throw new Error('no order');
  return orderId;
}

/** A return of the order's one line, for a refund or a replacement, in `status`. */
async function returnOf(
  orderId: string,
  options: {
    resolution: 'refund' | 'replacement';
    status: 'refunded' | 'requested' | 'refused' | 'replacement_shipped';
  },
) {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  const id = randomUUID();
  await app.db.insert(returns).values({
    id,
    orderId,
    userId: order?.userId,
    status: options.status,
    resolution: options.resolution,
    reason: 'damaged_in_transit',
    paidPaise: 23900,
    refundPaise: 23900,
    units: 1,
    pickupAddress: order?.shippingAddress ?? ({} as never),
    requestKey: id,
  });
  const items = await app.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  await app.db
    .insert(returnLines)
    .values({ returnId: id, orderItemId: items[0]?.id ?? '', units: 1, paidPaise: 23900 });
}

const aReview = (productId: number, overrides: object = {}) => ({
  productId,
  rating: 4,
  title: 'Soft and thorough',
  text: 'Leaves my skin smooth after every bath.',
  showNameAndCity: true,
  ...overrides,
});

function write(headers: Record<string, string>, body: object) {
  return app.inject({ method: 'POST', url: '/api/reviews', headers, payload: body });
}

async function written(headers: Record<string, string>, body: object): Promise<OwnReview> {
  const response = await write(headers, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ review: OwnReview }>().review;
}

async function productReviews(productId: number, query = '', headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/products/${productId}/reviews${query}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductReviewsReply>();
}

async function rating(productId: number) {
  const response = await app.inject({ method: 'GET', url: `/api/products/${productId}/rating` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RatingSummary>();
}

function setAutoPublish(autoPublish: boolean) {
  return app.inject({
    method: 'PUT',
    url: '/api/admin/review-settings',
    headers: owner.headers,
    payload: { autoPublish, requestDelayDays: 5 },
  });
}

const photo = (background = '#b42828') =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();

function uploadPhoto(reviewId: string, headers: Record<string, string>, body: Buffer) {
  return app.inject({
    method: 'POST',
    url: `/api/reviews/${reviewId}/photos`,
    headers: { ...headers, 'content-type': 'image/jpeg' },
    payload: body,
  });
}

describe('who may review a product', () => {
  it('refuses a shopper who never bought it, with the reason', async () => {
    const who = await shopper();
    const response = await write(who.headers, aReview(2));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Only shoppers who bought this product can review it.' });
  });

  it('refuses an order not delivered yet', async () => {
    const who = await shopper();
    const orderId = await delivered(who, 2);
    await app.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, orderId));
    const response = await write(who.headers, aReview(2));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: reviewRefusalMessages.not_delivered });
  });

  it('refuses a line returned for a refund (asked or refunded), and not one replaced or whose return was refused', async () => {
    const refunded = await shopper();
    await returnOf(await delivered(refunded, 3), { resolution: 'refund', status: 'refunded' });
    const asked = await shopper();
    await returnOf(await delivered(asked, 3), { resolution: 'refund', status: 'requested' });
    for (const who of [refunded, asked]) {
      const response = await write(who.headers, aReview(3));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'You returned this product for a refund, so it cannot be reviewed.',
      });
    }
    const replaced = await shopper();
    await returnOf(await delivered(replaced, 3), {
      resolution: 'replacement',
      status: 'replacement_shipped',
    });
    const refused = await shopper();
    await returnOf(await delivered(refused, 3), { resolution: 'refund', status: 'refused' });
    for (const who of [replaced, refused])
      expect((await write(who.headers, aReview(3))).statusCode).toBe(201);
  });

  it('lists the shopper’s bought products with whether each can be reviewed, and why not', async () => {
    const who = await shopper();
    await delivered(who, 1);
    const shipped = await delivered(who, 6);
    await app.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, shipped));
    const abandoned = await delivered(who, 7);
    await app.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, abandoned));
    const mine = await app.inject({ method: 'GET', url: '/api/reviews/mine', headers: who.headers });
    expect(mine.json<MyReviewsReply>()).toEqual({
      orderId: null,
      products: [
        {
          productId: 1,
          title: 'Face Mitt',
          canReview: true,
          refusal: null,
          message: null,
          review: null,
        },
        {
          productId: 6,
          title: 'Soft Mitt',
          canReview: false,
          refusal: 'not_delivered',
          message: 'You can review this product once your order has been delivered.',
          review: null,
        },
      ],
    });
    // The id may come as digits.
    expect((await write(who.headers, aReview(1, { productId: '1' }))).statusCode).toBe(201);
  });

  it('needs a session or a review link', async () => {
    const response = await write({}, aReview(1));
    expect(response.statusCode).toBe(401);
  });
});

describe('writing a review', () => {
  it('publishes a verified buyer’s review at once, one per product, and the rating follows it', async () => {
    const before = await rating(4);
    const who = await shopper();
    const orderId = await delivered(who, 4);
    const response = await write(who.headers, aReview(4, { rating: 5 }));
    expect(response.statusCode, response.body).toBe(201);
    const { message, review } = response.json<{ message: string; review: OwnReview }>();
    expect(message).toBe('Thank you! Your review is published.');
    expect(review).toMatchObject({
      productId: 4,
      rating: 5,
      status: 'published',
      orderId,
      author: 'Asha',
      verifiedBuyer: true,
      photos: [],
    });

    const again = await write(who.headers, aReview(4, { rating: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: reviewMessages.alreadyReviewed });
    expect(await app.db.select().from(reviews).where(eq(reviews.userId, who.userId))).toHaveLength(1);

    const after = await rating(4);
    expect(after.count).toBe(before.count + 1);
    expect(after.distribution[5]).toBe(before.distribution[5] + 1);
    const listed = await productReviews(4, '?sort=newest');
    expect(listed.reviews[0]).toMatchObject({ reviewId: review.reviewId, votedHelpful: false, reply: null });
  });

  it('answers the catalogue with the count, the average and the earned rating (spec rating 4 as three reviews)', async () => {
    // Product 5 (the spec rates it 4) gets two reviews: 5 and 2 stars.
    for (const stars of [5, 2]) {
      const who = await shopper();
      await delivered(who, 5);
      await written(who.headers, aReview(5, { rating: stars }));
    }
    const summary = await rating(5);
    expect(summary).toEqual({
      productId: 5,
      count: 2,
      average: 3.5,
      distribution: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 },
      // (4 × 3 + 5 + 2) / (3 + 2)
      earnedRating: 3.8,
    });
    const list = (await app.inject({ method: 'GET', url: '/api/products' })).json<ProductListReply>();
    expect(list.products.find((product) => product.id === 5)).toMatchObject({
      rating: 4,
      reviewCount: 2,
      averageRating: 3.5,
      earnedRating: 3.8,
    });
    expect(list.products.find((product) => product.id === 6)).toMatchObject({
      rating: 5,
      reviewCount: 0,
      averageRating: null,
      earnedRating: 5,
    });
    const one = (await app.inject({ method: 'GET', url: '/api/products/5' })).json<ProductReply>();
    expect(one.product).toMatchObject({ reviewCount: 2, averageRating: 3.5, earnedRating: 3.8 });

    // Hidden, the 2-star review leaves the catalogue's kept list at once: (12 + 5) / 4.
    const [low] = await app.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, 5), eq(reviews.rating, 2)));
    await app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${low?.id}/hide`,
      headers: owner.headers,
      payload: { reason: 'Names another brand' },
    });
    const after = (await app.inject({ method: 'GET', url: '/api/products' })).json<ProductListReply>();
    expect(after.products.find((product) => product.id === 5)).toMatchObject({
      reviewCount: 1,
      averageRating: 5,
      earnedRating: 4.25,
    });
  });

  it('writes one review when the same product is reviewed twice at once', async () => {
    const who = await shopper();
    await delivered(who, 3);
    const replies = await Promise.all(
      [1, 2, 3].map((stars) => write(who.headers, aReview(3, { rating: stars }))),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await app.db.select().from(reviews).where(eq(reviews.userId, who.userId))).toHaveLength(1);
  });

  it('refuses links, short text and stars out of range with their messages, and keeps text as plain text', async () => {
    const who = await shopper();
    await delivered(who, 6);
    const cases: [object, string][] = [
      [{ text: 'Great, see https://cheap-mitts.example.com today' }, reviewMessages.noLinks],
      [{ text: 'Buy at www.mittdeals.in now!' }, reviewMessages.noLinks],
      [{ text: 'Good.' }, 'Please write from 10 to 2000 characters.'],
      [{ text: 'x'.repeat(2001) }, 'Please write from 10 to 2000 characters.'],
      [{ rating: 6 }, 'Please choose from 1 to 5 stars.'],
      [{ rating: 0 }, 'Please choose from 1 to 5 stars.'],
      [{ title: '   ' }, 'Please give your review a title.'],
      [{ title: 't'.repeat(101) }, 'Please keep the title to 100 characters.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await write(who.headers, aReview(6, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    const html = '<img src=x onerror=alert(1)> <b>Loved it</b>';
    const review = await written(who.headers, aReview(6, { title: '  <script>hi</script> ', text: html }));
    expect(review).toMatchObject({ title: '<script>hi</script>', text: html });
  });

  it('lets the author edit and delete their own review, and no one else', async () => {
    const who = await shopper();
    await delivered(who, 7);
    const review = await written(who.headers, aReview(7, { rating: 2 }));
    const other = await shopper();
    const url = `/api/reviews/${review.reviewId}`;
    const edit = {
      rating: 3,
      title: 'Better after a week',
      text: 'It softened up nicely after a few washes.',
      showNameAndCity: false,
    };
    expect((await app.inject({ method: 'PUT', url, headers: other.headers, payload: edit })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);

    const edited = await app.inject({ method: 'PUT', url, headers: who.headers, payload: edit });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Your review is updated.',
      review: {
        rating: 3,
        title: 'Better after a week',
        author: 'A verified buyer',
        city: null,
        status: 'published',
      },
    });
    expect(edited.json<{ review: OwnReview }>().review.editedAt).not.toBeNull();

    const deleted = await app.inject({ method: 'DELETE', url, headers: who.headers });
    expect(deleted.json()).toEqual({ message: 'Your review is deleted.' });
    expect(await app.db.select().from(reviews).where(eq(reviews.id, review.reviewId))).toEqual([]);
    // Deleted, the product may be reviewed again.
    expect((await write(who.headers, aReview(7))).statusCode).toBe(201);
  });

  it('shows the first name and city only with the shopper’s consent', async () => {
    const who = await shopper();
    await delivered(who, 1);
    const review = await written(who.headers, aReview(1, { showNameAndCity: true }));
    const listed = (await productReviews(1, '?sort=newest')).reviews.find(
      (r) => r.reviewId === review.reviewId,
    );
    expect(listed).toMatchObject({ author: 'Asha', city: 'Bengaluru' });
  });

  it(`counts at most ${REVIEW_WRITES_PER_HOUR} writes an hour per shopper`, async () => {
    const who = await shopper();
    await delivered(who, 2);
    const review = await written(who.headers, aReview(2));
    const edit = { rating: 4, title: 'Again', text: 'Still a lovely mitten to use.', showNameAndCity: true };
    const statuses: number[] = [];
    for (let i = 1; i <= REVIEW_WRITES_PER_HOUR; i += 1) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/reviews/${review.reviewId}`,
        headers: who.headers,
        payload: edit,
      });
      statuses.push(response.statusCode);
    }
    // The review itself was the first write.
    expect(statuses.slice(0, REVIEW_WRITES_PER_HOUR - 1)).toEqual(
      Array(REVIEW_WRITES_PER_HOUR - 1).fill(200),
    );
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('a review link, without signing in', () => {
  it('writes for the products of its order only, and lists them with why not', async () => {
    const who = await shopper();
    const orderId = await delivered(who, 3);
    await delivered(who, 4);
    const { token } = await newReviewLink(app.db, orderId, who.userId);
    const headers = { [REVIEW_LINK_HEADER]: token };

    const mine = await app.inject({ method: 'GET', url: '/api/reviews/mine', headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<MyReviewsReply>()).toEqual({
      orderId,
      products: [
        {
          productId: 3,
          title: 'For Sensitive Skin',
          canReview: true,
          refusal: null,
          message: null,
          review: null,
        },
      ],
    });
    // Product 4 was delivered in another order: not this link's.
    const elsewhere = await write(headers, aReview(4));
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual({ message: reviewRefusalMessages.not_bought });

    const review = await written(headers, aReview(3, { rating: 4 }));
    expect(review.orderId).toBe(orderId);
    const after = (
      await app.inject({ method: 'GET', url: '/api/reviews/mine', headers })
    ).json<MyReviewsReply>();
    expect(after.products[0]?.review?.reviewId).toBe(review.reviewId);
  });

  it('refuses a link that expired, never existed, or is a blocked shopper’s', async () => {
    const who = await shopper();
    const orderId = await delivered(who, 3);
    const { token } = await newReviewLink(
      app.db,
      orderId,
      who.userId,
      new Date(Date.now() - 31 * 24 * 3600_000),
    );
    const blocked = await shopper();
    const blockedOrder = await delivered(blocked, 3);
    const { token: blockedToken } = await newReviewLink(app.db, blockedOrder, blocked.userId);
    await app.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.userId));
    for (const link of [token, 'not-a-token', blockedToken]) {
      const response = await write({ [REVIEW_LINK_HEADER]: link }, aReview(3));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: reviewMessages.linkExpired });
    }
  });
});

describe('opting out of review requests', () => {
  it('takes the link’s shopper out, once however often it is asked', async () => {
    const who = await shopper();
    const orderId = await delivered(who, 4);
    const { token } = await newReviewLink(app.db, orderId, who.userId);
    for (let i = 0; i < 2; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/reviews/opt-out',
        headers: { [REVIEW_LINK_HEADER]: token },
      });
      expect(response.json()).toEqual({ message: 'We will not ask you for reviews again.' });
    }
    expect(
      await app.db.select().from(reviewRequestOptOuts).where(eq(reviewRequestOptOuts.userId, who.userId)),
    ).toHaveLength(1);
  });
});

describe('photos', () => {
  it('takes up to 4 photos of one’s review, shows them first and serves them while published', async () => {
    const who = await shopper();
    await delivered(who, 6);
    const review = await written(who.headers, aReview(6, { text: 'With pictures of my bathroom.' }));
    const notAPicture = await uploadPhoto(review.reviewId, who.headers, Buffer.from('not a picture at all'));
    expect(notAPicture.statusCode).toBe(400);
    expect(notAPicture.json()).toEqual({ message: 'Please send a JPEG, PNG or WebP photo.' });
    const uploads: ReviewPhoto[] = [];
    for (const colour of ['#112233', '#223344', '#334455', '#445566']) {
      const response = await uploadPhoto(review.reviewId, who.headers, await photo(colour));
      expect(response.statusCode, response.body).toBe(201);
      uploads.push(response.json<{ photo: ReviewPhoto }>().photo);
    }
    const fifth = await uploadPhoto(review.reviewId, who.headers, await photo('#556677'));
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json()).toEqual({ message: 'A review can have up to 4 photos.' });

    // A newer review without photos still comes after it, photos first.
    const later = await shopper();
    await delivered(later, 6);
    await written(later.headers, aReview(6));
    const first = (await productReviews(6, '?sort=photos')).reviews[0];
    expect(first?.reviewId).toBe(review.reviewId);
    expect(first?.photos).toEqual(uploads);

    const url = uploads[0]?.url ?? '';
    expect(url).toMatch(/^\/api\/reviews\/photos\/[0-9a-f-]{36}\/800$/);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(800);

    // Hidden: gone from the shop, still in the console.
    await app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${review.reviewId}/hide`,
      headers: owner.headers,
      payload: { reason: 'Shows a bottle label' },
    });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const staffUrl = url.replace('/api/reviews/photos/', '/api/admin/review-photos/');
    expect((await app.inject({ method: 'GET', url: staffUrl, headers: support.headers })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: staffUrl })).statusCode).toBe(401);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/reviews/${review.reviewId}/photos/${uploads[0]?.photoId}`,
      headers: who.headers,
    });
    expect(removed.json()).toEqual({ message: 'Photo removed.' });
    const [row] = await app.db.select().from(reviews).where(eq(reviews.id, review.reviewId));
    expect(row?.photoCount).toBe(3);
  });

  it('refuses a photo of someone else’s review before reading it', async () => {
    const who = await shopper();
    await delivered(who, 7);
    const review = await written(who.headers, aReview(7));
    const other = await shopper();
    const response = await uploadPhoto(review.reviewId, other.headers, Buffer.alloc(8 * 1024 * 1024 + 1, 1));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: reviewMessages.notFound });
  });
});

describe('"Helpful" votes', () => {
  it('counts one vote per shopper, not one’s own, and sorts by them', async () => {
    const author = await shopper();
    await delivered(author, 2);
    const review = await written(author.headers, aReview(2, { title: 'Most helpful' }));
    const url = `/api/reviews/${review.reviewId}/helpful`;
    const own = await app.inject({ method: 'PUT', url, headers: author.headers });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({ message: 'You cannot vote for your own review.' });

    const reader = await shopper();
    for (let i = 0; i < 2; i += 1) {
      const voted = await app.inject({ method: 'PUT', url, headers: reader.headers });
      expect(voted.json()).toEqual({
        message: 'Thank you for your vote.',
        helpfulCount: 1,
        votedHelpful: true,
      });
    }
    const another = await shopper();
    expect((await app.inject({ method: 'PUT', url, headers: another.headers })).json()).toMatchObject({
      helpfulCount: 2,
    });
    const listed = await productReviews(2, '?sort=helpful', reader.headers);
    expect(listed.reviews[0]).toMatchObject({
      reviewId: review.reviewId,
      helpfulCount: 2,
      votedHelpful: true,
    });
    const withdrawn = await app.inject({ method: 'DELETE', url, headers: another.headers });
    expect(withdrawn.json()).toEqual({
      message: 'Your vote is removed.',
      helpfulCount: 1,
      votedHelpful: false,
    });
    expect((await app.inject({ method: 'PUT', url })).statusCode).toBe(401);
  });
});

describe('the owner’s side', () => {
  it('holds reviews when the setting says so, publishes, hides with a reason and replies; each audited', async () => {
    const saved = await setAutoPublish(false);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Review settings saved.',
      settings: { autoPublish: false, requestDelayDays: 5 },
    });
    try {
      const before = await rating(1);
      const who = await shopper();
      await delivered(who, 1);
      const response = await write(who.headers, aReview(1, { rating: 1 }));
      expect(response.json()).toMatchObject({
        message: 'Thank you! Your review will appear once the shop has read it.',
        review: { status: 'pending' },
      });
      const { reviewId, orderId } = response.json<{ review: OwnReview }>().review;
      expect(await rating(1)).toEqual(before);
      // One star: the order needs the owner's attention (and their devices are told); the dashboard counts it.
      const lowRatingFlags = () =>
        app.db
          .select({ resolvedAt: orderAttention.resolvedAt, details: orderAttention.details })
          .from(orderAttention)
          .where(and(eq(orderAttention.orderId, orderId), eq(orderAttention.reason, 'low_rating_review')));
      expect(await lowRatingFlags()).toEqual([{ resolvedAt: null, details: { reviewId } }]);
      const dashboard = await app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: support.headers,
      });
      expect(dashboard.json<{ newReviews: number }>().newReviews).toBeGreaterThanOrEqual(1);

      const pending = await app.inject({
        method: 'GET',
        url: '/api/admin/reviews?status=pending',
        headers: support.headers,
      });
      expect(pending.statusCode, pending.body).toBe(200);
      const listed = pending.json<{ reviews: AdminReview[]; counts: Record<string, number> }>();
      expect(listed.reviews.map((review) => review.reviewId)).toContain(reviewId);
      expect(listed.counts.pending).toBeGreaterThanOrEqual(1);

      // Support reads; owners act.
      const bySupport = await app.inject({
        method: 'POST',
        url: `/api/admin/reviews/${reviewId}/publish`,
        headers: support.headers,
      });
      expect(bySupport.statusCode).toBe(403);

      const published = await app.inject({
        method: 'POST',
        url: `/api/admin/reviews/${reviewId}/publish`,
        headers: owner.headers,
      });
      expect(published.json()).toMatchObject({
        message: 'Review published.',
        review: { status: 'published' },
      });
      expect((await rating(1)).count).toBe(before.count + 1);
      // While the shop holds reviews, an edit is held again until the owner reads it.
      const edited = await app.inject({
        method: 'PUT',
        url: `/api/reviews/${reviewId}`,
        headers: who.headers,
        payload: {
          rating: 1,
          title: 'Still rough',
          text: 'Scratchy on my arms, sadly.',
          showNameAndCity: true,
        },
      });
      expect(edited.json()).toMatchObject({ review: { status: 'pending' } });
      expect((await rating(1)).count).toBe(before.count);
      await app.inject({
        method: 'POST',
        url: `/api/admin/reviews/${reviewId}/publish`,
        headers: owner.headers,
      });

      const replied = await app.inject({
        method: 'PUT',
        url: `/api/admin/reviews/${reviewId}/reply`,
        headers: owner.headers,
        payload: { text: 'We are sorry: please call us, we will make it right.' },
      });
      expect(replied.json()).toMatchObject({ message: 'Reply published.' });
      // Replied: the flag is settled.
      expect((await lowRatingFlags())[0]?.resolvedAt).not.toBeNull();
      const shown = (await productReviews(1, '?sort=newest')).reviews.find(
        (review) => review.reviewId === reviewId,
      );
      expect(shown?.reply?.text).toBe('We are sorry: please call us, we will make it right.');

      const noReason = await app.inject({
        method: 'POST',
        url: `/api/admin/reviews/${reviewId}/hide`,
        headers: owner.headers,
        payload: { reason: ' ' },
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json<{ message: string }>().message).toBe(reviewMessages.hideReasonRequired);
      for (let i = 0; i < 2; i += 1) {
        const hidden = await app.inject({
          method: 'POST',
          url: `/api/admin/reviews/${reviewId}/hide`,
          headers: owner.headers,
          payload: { reason: 'Profanity' },
        });
        expect(hidden.json()).toMatchObject({
          message: 'Review hidden.',
          review: { status: 'hidden', hiddenReason: 'Profanity' },
        });
      }
      // A hidden review leaves the average and the list.
      expect(await rating(1)).toEqual(before);
      expect(
        (await productReviews(1, '?sort=newest')).reviews.map((review) => review.reviewId),
      ).not.toContain(reviewId);
      // The author sees why; an edit leaves it hidden.
      const mine = (
        await app.inject({ method: 'GET', url: '/api/reviews/mine', headers: who.headers })
      ).json<MyReviewsReply>();
      expect(mine.products[0]?.review).toMatchObject({ status: 'hidden', hiddenReason: 'Profanity' });

      const audit = await app.db
        .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, reviewId)))
        .orderBy(auditLog.createdAt);
      expect(audit).toEqual([
        { action: 'review.publish', before: { status: 'pending' }, after: { status: 'published' } },
        // Again after the shopper's edit was held.
        { action: 'review.publish', before: { status: 'pending' }, after: { status: 'published' } },
        {
          action: 'review.reply',
          before: { reply: null },
          after: { reply: 'We are sorry: please call us, we will make it right.' },
        },
        {
          action: 'review.hide',
          before: { status: 'published', hiddenReason: null },
          after: { status: 'hidden', hiddenReason: 'Profanity' },
        },
      ]);
      const settingsAudit = await app.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.action, 'review_settings.update'));
      expect(settingsAudit).toEqual([{ after: { autoPublish: false } }]);
    } finally {
      await setAutoPublish(true);
    }
  });

  it('refuses settings out of range with the message', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/admin/review-settings',
      headers: owner.headers,
      payload: { autoPublish: true, requestDelayDays: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'Please give the days after delivery as a whole number from 1 to 60.',
    );
  });
});
