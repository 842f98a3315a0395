import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRenderer } from '../../../contracts/page-rendering';
import { codSettings, products, returnSettings, shopSettings } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createStaffMember } from '../../test/staff-factory';

// docs/architecture.md#pages-as-html. The renderer is the web app's source, loaded by path as the server loads
// the SSR build (server and web code do not import each other; Vitest compiles the TSX).
async function sourcePageRenderer(): Promise<PageRenderer> {
  const file = pathToFileURL(path.resolve('web/entry-server.tsx')).href;
  const module = (await import(/* @vite-ignore */ file)) as { renderer: PageRenderer };
  return module.renderer;
}

// The shape of the built index.html: Vite puts the hashed module script and stylesheet in the head.
function builtIndexHtml(): string {
  return readFileSync('web/index.html', 'utf8')
    .replace('<script type="module" src="/main.tsx"></script>', '')
    .replace(
      '</head>',
      '  <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css">\n  </head>',
    );
}

let app: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mitten-pages-'));
  writeFileSync(path.join(distDir, 'index.html'), builtIndexHtml());
  app = await buildTestApp(
    { webDistDir: distDir, jobWorkers: false },
    { pageRenderer: await sourcePageRenderer() },
  );
});
afterAll(async () => {
  await app.closeAndDrop();
  rmSync(distDir, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** The JSON data blocks of a page, and every other script tag. */
function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/g) ?? [];
}

/** The home page's product grid section. */
function productGrid(html: string): string {
  return html.split('id="products"')[1]?.split('</section>')[0] ?? '';
}

/** The titles of the grid's cards, sorted. */
function cardTitlesIn(grid: string): string[] {
  return [...grid.matchAll(/<article[\s\S]*?<h3[^>]*>(?:<[^>]+>)*([^<]+)</g)]
    .map((match) => match[1] ?? '')
    .sort();
}

describe('catalogue pages as HTML', () => {
  it('renders a product page with its title, prices, description and head', async () => {
    const response = await page('/product/1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Face Mitt · Ottoman Mittens</title>');
    expect(html).toMatch(/<h1[^>]*>Face Mitt<\/h1>/);
    expect(html).toContain('₹239');
    expect(html).toContain('₹399');
    const [row] = await app.db.select().from(products).where(eq(products.id, 1));
    expect(html).toContain(row?.description.slice(0, 40));
    // The template's default title and description are replaced, the rest of its head kept.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<link rel="icon"');
    expect(html).toContain('/assets/index-Ab12Cd34.js');
    expect(html).not.toContain('<noscript>');
  });

  it('renders the home page with all seven products and their prices', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    const rows = await app.db.select().from(products).where(eq(products.active, true));
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(response.body).toContain(row.title);
    }
    expect(response.body).toContain('₹239');
    expect(response.body).toContain('Smooth, glowing skin in one warm bath');
  });

  it("renders a search's results under Search Results, with the query in the box", async () => {
    const response = await page('/?q=SOF');
    expect(response.statusCode).toBe(200);
    const grid = productGrid(response.body);
    expect(grid).toContain('Search Results');
    // docs/product.md#search-matching: "sof" begins "soft", in two titles and For Sensitive Skin's description.
    expect(cardTitlesIn(grid)).toEqual(['For Sensitive Skin', 'Luxury Soft Mitt', 'Soft Mitt']);
    expect(response.body).toMatch(/<input[^>]*value="SOF"/);
  });

  it.each([`/?q=${'x'.repeat(101)}`, '/?q=a&q=b'])(
    'reads %s as the home page without a search',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(productGrid(response.body)).toContain('Our Mittens');
      expect(cardTitlesIn(productGrid(response.body))).toHaveLength(7);
    },
  );

  it.each(['/terms-and-conditions', '/privacy-policy', '/cancellation-refund', '/shipping-delivery'])(
    'renders the policy page %s',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(response.body).toMatch(/<title>[^<]+ · Ottoman Mittens<\/title>/);
    },
  );

  it("states the owner's dispatch days on the shipping policy, and a change of them in the next HTML", async () => {
    const before = await page('/shipping-delivery');
    expect(before.body).toContain('shipped or handed to a courier within two days of payment');
    expect(before.body).toContain('Last updated 7 December 2026');
    await app.db.update(shopSettings).set({ dispatchDays: 5 });
    try {
      const after = await page('/shipping-delivery');
      expect(after.body).toContain('shipped or handed to a courier within five days of payment');
    } finally {
      await app.db.update(shopSettings).set({ dispatchDays: 2 });
    }
  });

  it.each(['/product/999', '/product/abc'])(
    'answers %s with 404 and the Product not found page',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Product not found');
    },
  );

  it('answers an off-sale product with 404', async () => {
    await app.db.update(products).set({ active: false, updatedAt: new Date() }).where(eq(products.id, 7));
    try {
      const response = await page('/product/7');
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Product not found');
    } finally {
      await app.db.update(products).set({ active: true, updatedAt: new Date() }).where(eq(products.id, 7));
    }
    expect((await page('/product/7')).statusCode).toBe(200);
  });

  it('shows a price changed in the database in the next HTML', async () => {
    const before = await page('/product/2');
    const [row] = await app.db.select().from(products).where(eq(products.id, 2));
    if (!row) throw new Error('product 2 is seeded');
    const newPricePaise = row.pricePaise + 123_400;
    await app.db
      .update(products)
      .set({ pricePaise: newPricePaise, discountPercent: 0, updatedAt: new Date() })
      .where(eq(products.id, 2));
    const newPrice = `₹${(newPricePaise / 100).toLocaleString('en-IN')}`;
    expect(before.body).not.toContain(newPrice);
    expect((await page('/product/2')).body).toContain(newPrice);
    expect((await page('/')).body).toContain(newPrice);
  });

  it('sends an ETag, answers If-None-Match with 304, and lets a CDN keep the page', async () => {
    const first = await page('/product/3');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await page('/product/3', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await page('/product/3', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('renders the same HTML for a signed-in shopper as for a visitor', async () => {
    const visitor = await page('/product/4');
    const withCookies = await page('/product/4', { cookie: 'session=whatever; refresh=x' });
    expect(withCookies.body).toBe(visitor.body);
  });

  it.each(['/', '/product/1', '/privacy-policy', '/product/999'])(
    'keeps %s within the CSP: only JSON data blocks and the module script with src, no style attributes',
    async (url) => {
      const { body } = await page(url);
      for (const tag of scriptTags(body)) {
        // Data blocks (the app's state, the page's JSON-LD) and the module script: nothing inline that runs.
        expect(tag).toMatch(/type="application\/(ld\+)?json"|type="module"[^>]* src="/);
      }
      expect(body).toContain('<script type="application/json" id="app-state">');
      expect(body).not.toMatch(/\sstyle="/);
      // The data block cannot be closed early by text inside it.
      const data = body.split('<script type="application/json" id="app-state">')[1]?.split('</script>')[0];
      expect(data).not.toContain('<');
      expect(() => JSON.parse(data ?? '')).not.toThrow();
    },
  );

  it.each([
    '/cart',
    '/checkout',
    '/login',
    '/wishlist',
    '/orders',
    '/orders/00000000-0000-4000-8000-000000000000',
    '/payment-success?orderId=00000000-0000-4000-8000-000000000000',
  ])('keeps serving the client shell for %s', async (url) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('app-state');
  });

  it.each(['/no-such-page', '/orders/abc/def', '/product/1/reviews', '/terms'])(
    'answers the path %s, which no route of the shop has, with 404 and the Page not found page',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<h1>Page not found</h1>');
      expect(response.body).toContain('<title>Page not found · Ottoman Mittens</title>');
    },
  );

  it.each(['/metrics', '/dev', '/dev/nothing-here'])(
    "answers the server's own path %s, where it is not open, with a plain 404, not the shop's page",
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.body).not.toContain('<div id="root">');
    },
  );
});

// docs/product.md#seller-and-grievance-officer: every policy page names the seller and the grievance officer, and
// every page's footer names the seller; a change saved in the console shows in the next page.
describe('the seller and the grievance officer on the pages', () => {
  const seller = {
    legalName: 'Ottoman Mittens Private Limited',
    addressLine1: '12 MG Road',
    addressLine2: 'Ashok Nagar',
    city: 'Bengaluru',
    pincode: '560001',
    stateCode: '29',
    gstin: '29AAGCB7383J1Z4',
    invoicePrefix: 'OM',
    creditNotePrefix: 'OMCN',
    signatureLine: 'Authorised signatory',
    dispatchDays: 2,
    careEmail: 'care@ottomanmittens.in',
    carePhone: '1800 123 4567',
    grievanceOfficerName: 'Priya Raman',
    grievanceOfficerDesignation: 'Head of Customer Care',
    grievanceOfficerEmail: 'grievance@ottomanmittens.in',
    grievanceOfficerPhone: '080 2345 6789',
  };
  const blank = Object.fromEntries(
    Object.keys(seller)
      .filter((key) => key !== 'dispatchDays')
      .map((key) => [key, '']),
  );

  let saved: typeof shopSettings.$inferSelect | undefined;
  beforeAll(async () => {
    [saved] = await app.db.select().from(shopSettings);
  });
  afterAll(async () => {
    if (saved) await app.db.update(shopSettings).set(saved);
  });

  async function saveSettings(body: object) {
    const owner = await createStaffMember(app, { role: 'owner' });
    const response = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: owner.headers,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('leaves the block and the footer line out while nothing is filled in, and shows them once saved', async () => {
    await app.db.update(shopSettings).set(blank);
    const before = await page('/terms-and-conditions');
    expect(before.body).not.toContain('Seller and grievance officer');
    expect(before.body).not.toContain('Sold by');

    await saveSettings(seller);
    try {
      for (const url of [
        '/terms-and-conditions',
        '/privacy-policy',
        '/cancellation-refund',
        '/shipping-delivery',
      ]) {
        const { body } = await page(url);
        expect(body, url).toContain('<h2 id="grievance-officer-heading">Seller and grievance officer</h2>');
        expect(body, url).toContain('Priya Raman, Head of Customer Care');
        expect(body, url).toContain('href="mailto:grievance@ottomanmittens.in"');
        expect(body, url).toContain('href="tel:+918023456789">+91 80 2345 6789</a>');
        expect(body, url).toContain('12 MG Road, Ashok Nagar, Bengaluru 560001, Karnataka');
        expect(body, url).toContain('href="tel:18001234567">1800 123 4567</a>');
        expect(body, url).toContain(
          'acknowledge every complaint within 48 hours and resolve it within one month',
        );
      }
    } finally {
      await app.db.update(shopSettings).set(blank);
    }
  });

  it.each(['/', '/product/1', '/shipping-delivery', '/no-such-page'])(
    "shows the seller in %s's footer, with a link to the grievance officer, after a change",
    async (url) => {
      await app.db.update(shopSettings).set(blank);
      expect((await page(url)).body).not.toContain('Sold by');
      await saveSettings({ ...seller, city: 'Mysuru', pincode: '570001' });
      try {
        const { body } = await page(url);
        const footer = body.split('<footer')[1] ?? '';
        expect(footer).toContain(
          'Sold by Ottoman Mittens Private Limited, 12 MG Road, Ashok Nagar, Mysuru 570001, Karnataka',
        );
        expect(footer).toContain('href="mailto:care@ottomanmittens.in"');
        expect(footer).toContain('href="/terms-and-conditions#grievance-officer"');
        // The browser hydrates the footer from the same data, without asking for it.
        expect(body).toContain('"queryKey":["shop-details"]');
      } finally {
        await app.db.update(shopSettings).set(blank);
      }
    },
  );
});

// docs/product.md#policies: the footer and the policies describe the ways to pay and the deadlines from the
// owner's COD and return settings; a change of either shows in the next page, as a change of the seller does.
describe('the ways to pay and the deadlines on the pages', () => {
  afterAll(async () => {
    await app.db.delete(codSettings);
    await app.db.delete(returnSettings);
  });

  it('follow the COD and return settings', async () => {
    const before = await page('/cancellation-refund');
    expect(before.body).toContain('Returns within 7 days');
    expect(before.body).toContain('We accept UPI, Visa and Mastercard.</p>');

    await app.db.insert(codSettings).values({ id: 1, enabled: true, feePaise: 3900, confirmHours: 12 });
    await app.db.insert(returnSettings).values({ id: 1, windowDays: 10 });
    const after = await page('/cancellation-refund');
    expect(after.body).toContain('Returns within 10 days');
    expect(after.body).toContain('please tell us within 10 days of delivery');
    expect(after.body).toContain('We accept UPI, Visa and Mastercard, and cash on delivery (₹39 fee).');
    const terms = await page('/terms-and-conditions');
    expect(terms.body).toContain('a fee of ₹39 is added to the order');
    expect(terms.body).toContain('An order not confirmed within 12 hours is cancelled.');
    // The browser hydrates the footer and the policy from the same data.
    expect(terms.body).toContain('"cashOnDelivery":{"feePaise":3900,"confirmHours":12}');
  });
});

describe('the dev outbox in production, beside the built shop', () => {
  it("is a plain 404, not the shop's page", async () => {
    const production = await buildTestApp(
      { env: 'production', allowSimulators: true, webDistDir: distDir, jobWorkers: false },
      { pageRenderer: await sourcePageRenderer() },
    );
    try {
      const response = await production.inject({ method: 'GET', url: '/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    } finally {
      await production.closeAndDrop();
    }
  });
});
