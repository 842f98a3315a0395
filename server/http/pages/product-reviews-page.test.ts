import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRenderer, PageRenderRequest } from '../../../contracts/page-rendering';
import type { OwnReview } from '../../../contracts/reviews';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertDeliveredOrders } from '../../test/delivered-orders';
import { newShopper } from '../../test/order-helpers';
import { type CreatedStaff, createStaffMember } from '../../test/staff-factory';

// docs/architecture.md#seo: the product page's server HTML names its published reviews in its JSON-LD, and the
// renderer is handed the same reviews to show; a hidden review leaves both at once.

/** What the renderer was asked for, in place of the web app's renderer. */
const asked: PageRenderRequest[] = [];
const stubRenderer: PageRenderer = {
  policyPages: [],
  isAppPath: (pathname) => pathname === '/' || pathname.startsWith('/product/'),
  async render(request) {
    asked.push(request);
    return { appHtml: '<main>page</main>', dataHtml: '' };
  },
};

let app: TestApp;
let owner: CreatedStaff;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mitten-review-pages-'));
  const index = readFileSync('web/index.html', 'utf8').replace(
    '<script type="module" src="/main.tsx"></script>',
    '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>',
  );
  writeFileSync(path.join(distDir, 'index.html'), index);
  app = await buildTestApp({ webDistDir: distDir, jobWorkers: false }, { pageRenderer: stubRenderer });
  owner = await createStaffMember(app, { role: 'owner' });
});
afterAll(async () => {
  await app.closeAndDrop();
  rmSync(distDir, { recursive: true, force: true });
});

async function productJsonLd(id: number) {
  const response = await app.inject({ method: 'GET', url: `/product/${id}` });
  expect(response.statusCode).toBe(200);
  const block = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(response.body)?.[1] ?? '{}';
  return JSON.parse(block) as Record<string, unknown>;
}

describe('a product page with reviews', () => {
  it('names the published reviews in its JSON-LD and hands the renderer the same, until one is hidden', async () => {
    expect(await productJsonLd(7)).not.toHaveProperty('aggregateRating');
    const written: OwnReview[] = [];
    for (const rating of [5, 3]) {
      const shopper = await newShopper(app, []);
      await insertDeliveredOrders(app.db, { userIds: [shopper.userId], productId: 7 });
      const response = await app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: shopper.headers,
        payload: {
          productId: 7,
          rating,
          title: `${rating} stars`,
          text: 'Black silk, lovely grip.',
          showNameAndCity: true,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      written.push(response.json<{ review: OwnReview }>().review);
    }
    const shown = await productJsonLd(7);
    expect(shown.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect((shown.review as { name: string }[]).map((review) => review.name).sort()).toEqual([
      '3 stars',
      '5 stars',
    ]);
    const request = asked.findLast((entry) => entry.url === '/product/7');
    expect(request?.reviews?.summary).toMatchObject({ count: 2, average: 4 });
    expect(request?.reviews?.reviews.map((review) => review.title).sort()).toEqual(['3 stars', '5 stars']);

    const [first] = written;
    await app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${written[1]?.reviewId}/hide`,
      headers: owner.headers,
      payload: { reason: 'Off topic' },
    });
    const afterHide = await productJsonLd(7);
    expect(afterHide.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    // A change of what a review shows alone (the brand's reply) is a new page too.
    await app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${first?.reviewId}/reply`,
      headers: owner.headers,
      payload: { text: 'Thank you, Asha!' },
    });
    const rendered = asked.filter((entry) => entry.url === '/product/7').length;
    await productJsonLd(7);
    expect(asked.filter((entry) => entry.url === '/product/7')).toHaveLength(rendered + 1);
    expect(asked.at(-1)?.reviews?.reviews[0]?.reply?.text).toBe('Thank you, Asha!');
  });
});
