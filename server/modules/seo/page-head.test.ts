// @vitest-environment happy-dom
// A DOM parser reads the head the way a crawler does.
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/catalogue';
import type { PublicReview } from '../../../contracts/reviews';
import { pageHead, shortDescription } from './page-head';

const SITE = 'https://shop.example.in';

function productWith(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    title: 'Face Mitt',
    description:
      'A palm-sized round pad in a finer silk weave, with an elastic strap across the back so it stays on two or three fingers while you work around the nose, chin and jawline.',
    price: 399,
    discount: 40,
    discountedPrice: 239,
    rating: 5,
    images: ['/images/products/1-1.svg', '/images/products/1-2.svg'],
    img: '/images/products/1-1.svg',
    category: 'premium',
    sku: 'OTT-FACE-01',
    brand: 'Ottoman',
    weight: 0.1,
    inStock: true,
    details: { whyChoose: 'Soft.', benefits: ['Glow'], changesObserved: 'Smoother.' },
    ...overrides,
  };
}

/**
 * schema.org's vocabulary for the types the product page uses (https://schema.org/Product, Offer, Brand,
 * AggregateRating, Review, Rating, Person): each type's properties, as schema.org defines them, that we use, and
 * what Google's product rich results require of the rating types. Every typed node must be a known type with
 * only its properties.
 */
const SCHEMA_ORG: Record<string, { properties: string[]; required?: string[] }> = {
  Product: {
    properties: [
      'name',
      'description',
      'image',
      'sku',
      'brand',
      'category',
      'offers',
      'aggregateRating',
      'review',
    ],
    required: ['name'],
  },
  Offer: { properties: ['url', 'price', 'priceCurrency', 'availability', 'itemCondition'] },
  Brand: { properties: ['name'] },
  AggregateRating: {
    properties: ['ratingValue', 'reviewCount', 'ratingCount', 'bestRating', 'worstRating'],
    required: ['ratingValue', 'reviewCount'],
  },
  Review: {
    properties: ['author', 'datePublished', 'name', 'reviewBody', 'reviewRating'],
    required: ['author', 'reviewRating'],
  },
  Rating: { properties: ['ratingValue', 'bestRating', 'worstRating'], required: ['ratingValue'] },
  Person: { properties: ['name'], required: ['name'] },
};

function schemaOrgMisuse(node: unknown, path = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => schemaOrgMisuse(item, `${path}[${index}]`));
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  const type = record['@type'];
  const problems: string[] = [];
  if (typeof type === 'string') {
    const known = SCHEMA_ORG[type];
    if (!known) return [`${path}: unknown type ${type}`];
    for (const key of Object.keys(record)) {
      if (!key.startsWith('@') && !known.properties.includes(key))
        problems.push(`${path}.${key} is not a ${type} property`);
    }
    for (const key of known.required ?? [])
      if (!(key in record)) problems.push(`${path}: ${type} needs ${key}`);
  }
  for (const [key, value] of Object.entries(record))
    problems.push(...schemaOrgMisuse(value, `${path}.${key}`));
  return problems;
}

/** Parses the head as a document so tests read tags the way a crawler does. */
function parseHead(html: string) {
  const document = new DOMParser().parseFromString(
    `<!doctype html><html><head>${html}</head></html>`,
    'text/html',
  );
  const meta = (key: string) =>
    document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
  const jsonLd = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
  return {
    document,
    title: document.title,
    meta,
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    jsonLd,
  };
}

describe('pageHead of a product', () => {
  it('names the product, its price in INR and an absolute picture, for search engines and link previews', () => {
    const head = parseHead(pageHead({ kind: 'product', product: productWith() }, SITE));
    expect(head.title).toBe('Face Mitt · Ottoman Mittens');
    expect(head.canonical).toBe('https://shop.example.in/product/1');
    expect(head.meta('og:type')).toBe('product');
    expect(head.meta('og:title')).toBe('Face Mitt · Ottoman Mittens');
    expect(head.meta('og:url')).toBe('https://shop.example.in/product/1');
    expect(head.meta('og:image')).toBe('https://shop.example.in/images/share/1-1.jpg');
    expect(head.meta('og:image:alt')).toBe('Face Mitt');
    expect(head.meta('og:site_name')).toBe('Ottoman Mittens');
    expect(head.meta('og:locale')).toBe('en_IN');
    expect(head.meta('product:price:amount')).toBe('239.00');
    expect(head.meta('product:price:currency')).toBe('INR');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:title')).toBe('Face Mitt · Ottoman Mittens');
    expect(head.meta('twitter:image')).toBe('https://shop.example.in/images/share/1-1.jpg');
    const description = head.meta('description') ?? '';
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^A palm-sized round pad in a finer silk weave, .*\w…$/);
    expect(head.meta('og:description')).toBe(description);
    expect(head.meta('twitter:description')).toBe(description);
  });

  it('describes the product in JSON-LD with an Offer and no rating', () => {
    const [product, ...others] = parseHead(
      pageHead({ kind: 'product', product: productWith() }, SITE),
    ).jsonLd;
    expect(others).toEqual([]);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Face Mitt',
      sku: 'OTT-FACE-01',
      brand: { '@type': 'Brand', name: 'Ottoman' },
      image: [
        'https://shop.example.in/images/products/1-1.svg',
        'https://shop.example.in/images/products/1-2.svg',
      ],
      offers: {
        '@type': 'Offer',
        price: '239.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: 'https://shop.example.in/product/1',
      },
    });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
  });

  it('carries the published reviews’ aggregateRating and the reviews the page shows first, in schema.org terms', () => {
    const review = (n: number): PublicReview => ({
      reviewId: `review-${n}`,
      productId: 1,
      rating: n % 2 === 0 ? 4 : 5,
      title: `Review ${n} </script><script>alert(1)</script>`,
      text: 'Soft on the face and easy to rinse.',
      author: n === 1 ? 'Asha' : 'A verified buyer',
      city: n === 1 ? 'Bengaluru' : null,
      verifiedBuyer: true,
      photos: [],
      helpfulCount: 0,
      votedHelpful: false,
      reply: { text: 'Thank you!', at: '2026-07-02T10:00:00.000Z' },
      createdAt: `2026-07-0${n}T18:30:00.000Z`,
      editedAt: null,
    });
    const html = pageHead(
      {
        kind: 'product',
        product: productWith({ reviewCount: 12, averageRating: 4.6, earnedRating: 4.64 }),
        reviews: [1, 2, 3, 4, 5, 6].map(review),
      },
      SITE,
    );
    // No value closes the data block.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const [product] = parseHead(html).jsonLd;
    expect(product?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    const reviews = product?.review as Record<string, unknown>[];
    expect(reviews).toHaveLength(5);
    expect(reviews[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Asha' },
      datePublished: '2026-07-01',
      name: 'Review 1 </script><script>alert(1)</script>',
      reviewBody: 'Soft on the face and easy to rinse.',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
    });
    expect(schemaOrgMisuse(product)).toEqual([]);
  });

  it('names no rating for a product without published reviews', () => {
    const [product] = parseHead(
      pageHead(
        { kind: 'product', product: productWith({ reviewCount: 0, averageRating: null }), reviews: [] },
        SITE,
      ),
    ).jsonLd;
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
    expect(schemaOrgMisuse(product)).toEqual([]);
  });

  it('says OutOfStock when nothing can be ordered', () => {
    const [product] = parseHead(
      pageHead({ kind: 'product', product: productWith({ inStock: false }) }, SITE),
    ).jsonLd;
    expect(product).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it("shares a seed picture's JPEG twin, from its SVG or the pictures rendered from it", () => {
    const seed = '/images/products/2-1-800.webp';
    const head = parseHead(pageHead({ kind: 'product', product: productWith({ images: [seed] }) }, SITE));
    expect(head.meta('og:image')).toBe('https://shop.example.in/images/share/2-1.jpg');
  });

  it('uses an uploaded picture as it is, and keeps an absolute URL absolute', () => {
    const uploaded = '/media/products/1/0123456789abcdef-800.webp';
    const fromBucket = 'https://cdn.example.net/products/1/0123456789abcdef-800.webp';
    const local = parseHead(
      pageHead({ kind: 'product', product: productWith({ images: [uploaded] }) }, SITE),
    );
    expect(local.meta('og:image')).toBe(`https://shop.example.in${uploaded}`);
    const bucket = parseHead(
      pageHead({ kind: 'product', product: productWith({ images: [fromBucket] }) }, SITE),
    );
    expect(bucket.meta('og:image')).toBe(fromBucket);
    expect(bucket.jsonLd[0]).toMatchObject({ image: [fromBucket] });
  });

  it('escapes every value: a title with quotes and markup stays text', () => {
    const title = 'Mitt "</title><script>alert(1)</script>" & <b>';
    const html = pageHead(
      { kind: 'product', product: productWith({ title, description: `${title} </script>` }) },
      SITE,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</script>"');
    const head = parseHead(html);
    expect(head.title).toBe(`${title} · Ottoman Mittens`);
    expect(head.meta('og:title')).toBe(`${title} · Ottoman Mittens`);
    expect(head.meta('og:image:alt')).toBe(title);
    expect(head.document.head.querySelectorAll('script')).toHaveLength(1);
    expect(head.jsonLd[0]).toMatchObject({ name: title, description: `${title} </script>` });
  });
});

describe('pageHead of the other pages', () => {
  it('home: title, canonical, website Open Graph with a PNG, Organization and WebSite', () => {
    const head = parseHead(pageHead({ kind: 'home', products: [productWith()] }, SITE));
    expect(head.title).toBe('Ottoman Mittens · Silk exfoliating bath mittens');
    expect(head.meta('description')).toMatch(/^Ottoman makes Turkish-style silk kese mittens/);
    expect(head.canonical).toBe('https://shop.example.in/');
    expect(head.meta('og:type')).toBe('website');
    expect(head.meta('og:image')).toBe('https://shop.example.in/images/share/home.png');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Ottoman Mittens',
        url: 'https://shop.example.in/',
        logo: 'https://shop.example.in/favicon.svg',
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Ottoman Mittens',
        url: 'https://shop.example.in/',
      },
    ]);
  });

  it('a policy page: its own title, a sentence about it, canonical and Open Graph', () => {
    const head = parseHead(
      pageHead({ kind: 'policy', path: '/privacy-policy', title: 'Privacy Policy' }, SITE),
    );
    expect(head.title).toBe('Privacy Policy · Ottoman Mittens');
    expect(head.meta('description')).toMatch(/^What Ottoman Mittens collects about you/);
    expect(head.canonical).toBe('https://shop.example.in/privacy-policy');
    expect(head.meta('og:url')).toBe('https://shop.example.in/privacy-policy');
    expect(head.meta('og:title')).toBe('Privacy Policy · Ottoman Mittens');
    expect(head.jsonLd).toEqual([]);
  });

  it('not found: its title and kept out of the index', () => {
    const head = parseHead(pageHead({ kind: 'not-found' }, SITE));
    expect(head.title).toBe('Page not found · Ottoman Mittens');
    expect(head.meta('robots')).toBe('noindex');
    expect(head.canonical).toBeUndefined();
  });
});

describe('shortDescription', () => {
  it('keeps a short text and cuts a long one at a word', () => {
    expect(shortDescription('Soft  silk\nmitt.')).toBe('Soft silk mitt.');
    const cut = shortDescription(`${'word '.repeat(60)}end`);
    expect(cut).toBe(`${'word '.repeat(31).trim()}…`);
  });
});
