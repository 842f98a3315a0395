import type { Product } from '../../../contracts/catalogue';
import type { PublicReview } from '../../../contracts/reviews';
import { SHOP_SHARE_IMAGE, shareImageOf } from './share-images';
import { absoluteUrl, policyPages, SHOP_NAME } from './site-pages';

// docs/architecture.md#seo: what goes in the <head> of a page rendered on the server.

/** A page the server renders as HTML, with what its head needs. */
export type PageDescriptor =
  | { kind: 'home'; products: readonly Product[] }
  /** `reviews`: the ones the page shows first (its JSON-LD names no other). */
  | { kind: 'product'; product: Product; reviews?: readonly PublicReview[] }
  | { kind: 'policy'; path: string; title: string }
  | { kind: 'not-found' };

const DEFAULT_TITLE = `${SHOP_NAME} · Silk exfoliating bath mittens`;
const DEFAULT_DESCRIPTION =
  'Ottoman makes Turkish-style silk kese mittens for gentle exfoliation, made for Indian skin and climate. Shop all 7 mittens with free shipping on orders of ₹1,000 or more.';
const DESCRIPTION_LENGTH = 160;
const LOGO_PATH = '/favicon.svg';

type Tag = readonly [name: string, attributes: Record<string, string>];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function renderTag([name, attributes]: Tag): string {
  const rendered = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
    .join('');
  return `<${name}${rendered} />`;
}

/** A JSON-LD data block: `<` escaped so no value can close the script element (docs/architecture.md#seo). */
function jsonLd(data: object): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}

/** Search results show about 160 characters: cut at a word boundary and mark the cut. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.·-]+$/, '')}…`;
}

interface PageSummary {
  title: string;
  description: string;
  url: string;
  image?: { url: string; alt: string };
}

function commonTags(page: PageSummary, ogType: string): Tag[] {
  const tags: Tag[] = [
    ['meta', { name: 'description', content: page.description }],
    ['link', { rel: 'canonical', href: page.url }],
    ['meta', { property: 'og:type', content: ogType }],
    ['meta', { property: 'og:site_name', content: SHOP_NAME }],
    ['meta', { property: 'og:locale', content: 'en_IN' }],
    ['meta', { property: 'og:title', content: page.title }],
    ['meta', { property: 'og:description', content: page.description }],
    ['meta', { property: 'og:url', content: page.url }],
  ];
  if (page.image) {
    tags.push(
      ['meta', { property: 'og:image', content: page.image.url }],
      ['meta', { property: 'og:image:alt', content: page.image.alt }],
      ['meta', { name: 'twitter:card', content: 'summary_large_image' }],
      ['meta', { name: 'twitter:title', content: page.title }],
      ['meta', { name: 'twitter:description', content: page.description }],
      ['meta', { name: 'twitter:image', content: page.image.url }],
      ['meta', { name: 'twitter:image:alt', content: page.image.alt }],
    );
  }
  return tags;
}

function headOf(title: string, tags: readonly Tag[], structuredData: readonly object[] = []): string {
  return [`<title>${escapeHtml(title)}</title>`, ...tags.map(renderTag), ...structuredData.map(jsonLd)].join(
    '\n',
  );
}

function rupees(amount: number): string {
  return amount.toFixed(2);
}

/** docs/architecture.md#seo: the most reviews a product page's JSON-LD names. */
export const JSON_LD_REVIEWS = 5;

const rating = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 });

/**
 * docs/architecture.md#seo: Google's product rich results take `aggregateRating` with a review count, and reviews,
 * only of what the page shows: the published reviews' average and count (the page's), and the first reviews the
 * page lists, each by a shopper (a Person; the brand's replies are not reviews).
 */
function reviewData(product: Product, reviews: readonly PublicReview[]) {
  if (!product.reviewCount || product.averageRating == null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: product.averageRating,
      reviewCount: product.reviewCount,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      name: review.title,
      reviewBody: review.text,
      reviewRating: rating(review.rating),
    })),
  };
}

function productHead(product: Product, siteUrl: string, reviews: readonly PublicReview[] = []): string {
  const url = absoluteUrl(`/product/${product.id}`, siteUrl);
  const title = `${product.title} · ${SHOP_NAME}`;
  const description = shortDescription(product.description);
  const image = { url: absoluteUrl(shareImageOf(product), siteUrl), alt: product.title };
  const price = rupees(product.discountedPrice);
  const tags: Tag[] = [
    ...commonTags({ title, description, url, image }, 'product'),
    ['meta', { property: 'product:price:amount', content: price }],
    ['meta', { property: 'product:price:currency', content: 'INR' }],
    [
      'meta',
      {
        property: 'product:availability',
        content: product.inStock ? 'in stock' : 'out of stock',
      },
    ],
  ];
  const images = product.images.length > 0 ? product.images : [product.img];
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    image: images.map((source) => absoluteUrl(source, siteUrl)),
    sku: product.sku,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'INR',
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...reviewData(product, reviews),
  };
  return headOf(title, tags, [structured]);
}

function homeHead(siteUrl: string): string {
  const url = absoluteUrl('/', siteUrl);
  const image = { url: absoluteUrl(SHOP_SHARE_IMAGE, siteUrl), alt: `${SHOP_NAME}: a silk bath mitten` };
  const tags = commonTags({ title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, url, image }, 'website');
  // No SearchAction: the storefront's search filters the home page in the browser and has no URL of its own.
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP_NAME,
    url,
    logo: absoluteUrl(LOGO_PATH, siteUrl),
  };
  const website = { '@context': 'https://schema.org', '@type': 'WebSite', name: SHOP_NAME, url };
  return headOf(DEFAULT_TITLE, tags, [organization, website]);
}

function policyHead(path: string, policyTitle: string, siteUrl: string): string {
  const title = `${policyTitle} · ${SHOP_NAME}`;
  const description =
    policyPages.find((policy) => policy.path === path)?.description ?? `${policyTitle} of ${SHOP_NAME}.`;
  const image = { url: absoluteUrl(SHOP_SHARE_IMAGE, siteUrl), alt: `${SHOP_NAME}: a silk bath mitten` };
  return headOf(title, commonTags({ title, description, url: absoluteUrl(path, siteUrl), image }, 'website'));
}

function notFoundHead(): string {
  return headOf(`Page not found · ${SHOP_NAME}`, [
    ['meta', { name: 'robots', content: 'noindex' }],
    ['meta', { name: 'description', content: DEFAULT_DESCRIPTION }],
  ]);
}

/**
 * The head tags of a page, as HTML: title, description, canonical URL, Open Graph and Twitter tags and
 * JSON-LD, every value escaped. `siteUrl` is the shop's public origin, for absolute URLs.
 */
export function pageHead(page: PageDescriptor, siteUrl: string): string {
  switch (page.kind) {
    case 'product':
      return productHead(page.product, siteUrl, page.reviews);
    case 'policy':
      return policyHead(page.path, page.title, siteUrl);
    case 'not-found':
      return notFoundHead();
    case 'home':
      return homeHead(siteUrl);
  }
}
