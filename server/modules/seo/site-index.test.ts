import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

const SITE = 'https://shop.example.in';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ publicUrl: SITE });
});
afterAll(() => app.closeAndDrop());

function entriesOf(xml: string): Map<string, string | undefined> {
  const entries = new Map<string, string | undefined>();
  for (const [, body] of xml.matchAll(/<url>(.*?)<\/url>/g)) {
    const loc = /<loc>(.*?)<\/loc>/.exec(body ?? '')?.[1] ?? '';
    entries.set(loc, /<lastmod>(.*?)<\/lastmod>/.exec(body ?? '')?.[1]);
  }
  return entries;
}

describe('GET /sitemap.xml', () => {
  it('lists the home, every product on sale with its last change, and the four policies', async () => {
    await app.db
      .update(products)
      .set({ updatedAt: sql`'2026-03-04T05:06:07.891Z'::timestamptz` })
      .where(eq(products.id, 3));
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const entries = entriesOf(response.body);
    expect([...entries.keys()]).toEqual([
      `${SITE}/`,
      ...[1, 2, 3, 4, 5, 6, 7].map((id) => `${SITE}/product/${id}`),
      `${SITE}/terms-and-conditions`,
      `${SITE}/privacy-policy`,
      `${SITE}/cancellation-refund`,
      `${SITE}/shipping-delivery`,
    ]);
    expect(entries.get(`${SITE}/product/3`)).toBe('2026-03-04T05:06:07Z');
    for (const id of [1, 2, 4, 5, 6, 7]) {
      expect(entries.get(`${SITE}/product/${id}`)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    expect(entries.get(`${SITE}/privacy-policy`)).toBe('2026-12-07');
    expect(entries.get(`${SITE}/shipping-delivery`)).toBe('2026-12-07');
  });

  it('leaves out a product taken off sale', async () => {
    await app.db.update(products).set({ active: false }).where(eq(products.id, 5));
    try {
      const entries = entriesOf((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
      expect(entries.has(`${SITE}/product/5`)).toBe(false);
      expect(entries.has(`${SITE}/product/4`)).toBe(true);
    } finally {
      await app.db.update(products).set({ active: true }).where(eq(products.id, 5));
    }
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers in, keeps them out of the API, console, simulators and dev tools, and names the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api',
        'Disallow: /admin',
        'Disallow: /sim',
        'Disallow: /dev',
        '',
        `Sitemap: ${SITE}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});
