import { absoluteUrl, policyLastUpdated, policyPages } from './site-pages';

// docs/architecture.md#seo: the sitemap and robots.txt search engines read.

export interface SitemapProduct {
  id: number;
  updatedAt: Date;
}

interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

const AREAS_KEPT_OUT = ['/api', '/admin', '/sim', '/dev'] as const;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A W3C datetime in UTC to the second, as sitemaps.org asks. */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function renderEntry({ loc, lastmod }: SitemapEntry): string {
  const lastmodTag = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmodTag}</url>`;
}

/** The home (last changed with the newest product), every product on sale, and the four policy pages. */
export function renderSitemap(products: readonly SitemapProduct[], siteUrl: string): string {
  const newest = products.reduce<Date | undefined>(
    (latest, product) => (latest && latest > product.updatedAt ? latest : product.updatedAt),
    undefined,
  );
  const entries: SitemapEntry[] = [
    { loc: absoluteUrl('/', siteUrl), ...(newest ? { lastmod: w3cDate(newest) } : {}) },
    ...products.map((product) => ({
      loc: absoluteUrl(`/product/${product.id}`, siteUrl),
      lastmod: w3cDate(product.updatedAt),
    })),
    ...policyPages.map((policy) => {
      const lastmod = policyLastUpdated(policy.path);
      return { loc: absoluteUrl(policy.path, siteUrl), ...(lastmod ? { lastmod } : {}) };
    }),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(renderEntry),
    '</urlset>',
    '',
  ].join('\n');
}

export function renderRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...AREAS_KEPT_OUT.map((area) => `Disallow: ${area}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', siteUrl)}`,
    '',
  ].join('\n');
}
