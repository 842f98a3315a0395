import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/catalogue';
import type { PageRenderer, PageRenderRequest } from '../../../contracts/page-rendering';
import type { ProductReviewsReply, PublicReview } from '../../../contracts/reviews';

// docs/architecture.md#seo: the product page's server HTML shows the reviews its JSON-LD names (the renderer is
// handed them as PageRenderRequest.reviews), though the browser loads the reviews' code after the page; and the
// browser starts from the same page of reviews, so it hydrates what the server rendered.
async function sourcePageRenderer(): Promise<PageRenderer> {
  const file = pathToFileURL(path.resolve('web/entry-server.tsx')).href;
  const module = (await import(/* @vite-ignore */ file)) as { renderer: PageRenderer };
  return module.renderer;
}

const product: Product = {
  id: 1,
  title: 'Face Mitt',
  description: 'A silk exfoliating mitten.',
  price: 399,
  discount: 40,
  discountedPrice: 239,
  rating: 4,
  reviewCount: 2,
  averageRating: 4.5,
  earnedRating: 4.2,
  images: [],
  img: '/images/products/1-1.svg',
  category: 'bath',
  sku: 'OTT-1',
  brand: 'Ottoman',
  weight: 0.5,
  inStock: true,
  details: { whyChoose: 'For the face.', benefits: ['Gentle'], changesObserved: 'Smoother skin.' },
};

function review(overrides: Partial<PublicReview> & Pick<PublicReview, 'reviewId' | 'title'>): PublicReview {
  return {
    productId: 1,
    rating: 5,
    text: 'Soft and thorough.',
    author: 'Asha',
    city: 'Pune',
    verifiedBuyer: true,
    photos: [],
    helpfulCount: 0,
    votedHelpful: false,
    reply: null,
    createdAt: '2026-11-20T20:30:00.000Z',
    editedAt: null,
    ...overrides,
  };
}

const reviews: ProductReviewsReply = {
  summary: {
    productId: 1,
    count: 2,
    average: 4.5,
    distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
    earnedRating: 4.2,
  },
  sort: 'photos',
  page: 1,
  pageSize: 10,
  total: 2,
  reviews: [
    review({
      reviewId: 'r1',
      title: 'Like a spa',
      reply: { text: 'Thank you, Asha!', at: '2026-11-21T06:00:00Z' },
    }),
    review({ reviewId: 'r2', title: 'A little rough', rating: 4, author: 'A verified buyer', city: null }),
  ],
};

function request(overrides: Partial<PageRenderRequest>): PageRenderRequest {
  return {
    url: '/product/1',
    products: [product],
    seller: {
      legalName: 'Ottoman Mittens LLP',
      address: 'Pune',
      email: 'care@example.in',
      phone: '1800 123 4567',
      grievanceOfficer: null,
    },
    cashOnDelivery: null,
    product: { id: '1', found: product },
    ...overrides,
  };
}

describe("the product page's server HTML", () => {
  it('shows the average, the count and the reviews it was handed, and hands the browser the same', async () => {
    const renderer = await sourcePageRenderer();
    const rendered = await renderer.render(request({ reviews }));
    // React marks where text parts meet (<!-- -->); the browser shows them as one text.
    const appHtml = rendered.appHtml.replaceAll('<!-- -->', '');
    const { dataHtml } = rendered;
    expect(appHtml).toContain('Customer Reviews');
    expect(appHtml).toContain('4.5 out of 5');
    expect(appHtml).toContain('2 reviews');
    expect(appHtml).toContain('Like a spa');
    expect(appHtml).toContain('A little rough');
    expect(appHtml).toContain('Verified buyer');
    expect(appHtml).toContain('Asha, Pune');
    // India's day, whatever the server's time zone.
    expect(appHtml).toContain('21 November 2026');
    expect(appHtml).toContain('Thank you, Asha!');
    const state = JSON.parse(dataHtml.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '')) as {
      queries: { queryKey: unknown[]; data: { pages?: ProductReviewsReply[] } }[];
    };
    const listed = state.queries.find(
      (query) => JSON.stringify(query.queryKey) === JSON.stringify(['products', '1', 'reviews', 'photos']),
    );
    expect(listed?.data.pages?.[0]?.reviews.map((each) => each.title)).toEqual([
      'Like a spa',
      'A little rough',
    ]);
  });

  it('says a product without reviews has none', async () => {
    const renderer = await sourcePageRenderer();
    const unreviewed = { ...product, reviewCount: 0, averageRating: null };
    const { appHtml } = await renderer.render(
      request({ products: [unreviewed], product: { id: '1', found: unreviewed } }),
    );
    expect(appHtml).toContain('No reviews yet. Reviews come only from shoppers who received this product.');
  });
});
