import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PageRenderer, RenderedPolicyPage } from '../../../contracts/page-rendering';
import type { ProductReviewsReply } from '../../../contracts/reviews';
import { searchPath } from '../../../contracts/search-query';
import type { CatalogueVersions } from '../../db/change-events';
import type { Database } from '../../db/client';
import { type CatalogueSnapshot, createCatalogueCache, parseProductId } from '../catalogue/service';
import { listProductReviews, ratingSummaryOf } from '../reviews/review-views';
import { type PageDescriptor, pageHead } from '../seo/page-head';
import { sellerDetailsOf } from '../shop-settings/seller-details';
import { createPageFactsCache, type PageFacts } from './page-facts';
import type { PageTemplate } from './page-template';

/** A page the server renders: docs/architecture.md#pages-as-html. */
export type PageRequest =
  | { kind: 'home'; query: string }
  | { kind: 'product'; id: string }
  | { kind: 'policy'; policy: RenderedPolicyPage }
  /** Any path no route of the app answers: one page for all of them, "Page not found". */
  | { kind: 'not-found' };

export interface RenderedHtmlPage {
  status: 200 | 404;
  html: string;
  etag: string;
}

interface PageServiceOptions {
  db: Database;
  /** When the catalogue and the settings must be read again (docs/operations.md#catalogue-cache). */
  versions: CatalogueVersions;
  renderer: PageRenderer;
  template: PageTemplate;
  /** The shop's public origin, for the head's absolute URLs. */
  siteUrl: string;
}

// A path no route answers: the app renders its "Page not found" for every such path alike.
const NOT_FOUND_PATH = '/page-not-found';

function pathOf(request: PageRequest): string {
  if (request.kind === 'home') return searchPath(request.query);
  if (request.kind === 'not-found') return NOT_FOUND_PATH;
  if (request.kind === 'product') return `/product/${request.id}`;
  return request.policy.path;
}

/** The home page, the products, the policies and the searches last asked for. */
const MAX_CACHED_PAGES = 200;

/**
 * The catalogue pages as HTML, the same for every visitor (no cookie or session is read). Each is rendered
 * once per version of the catalogue and the settings and kept; both are read again only after the database
 * said they changed (docs/operations.md#catalogue-cache), so a change made in any process (a price, the
 * seller's details in the console) shows in the next page without a query on every request.
 */
export function createPageService({ db, versions, renderer, template, siteUrl }: PageServiceOptions) {
  const catalogue = createCatalogueCache(db, versions);
  const readFacts = createPageFactsCache(db, versions);
  let cachedVersion = '';
  // Bounded: every search (/?q=…) is a page of its own.
  const cache = new LRUCache<string, Promise<RenderedHtmlPage>>({ max: MAX_CACHED_PAGES });

  /** docs/product.md#reviews: the first page of a product's reviews in the page's first order, photos first. */
  async function firstReviewsOf(productId: number, specRating: number): Promise<ProductReviewsReply> {
    const [summary, listed] = await Promise.all([
      ratingSummaryOf(db, productId, specRating),
      listProductReviews(db, { productId, sort: 'photos', page: 1, readerUserId: null }),
    ]);
    return { summary, sort: 'photos', page: 1, ...listed };
  }

  async function render(
    request: PageRequest,
    path: string,
    snapshot: CatalogueSnapshot,
    facts: PageFacts,
  ): Promise<RenderedHtmlPage> {
    const products = snapshot.products;
    let descriptor: PageDescriptor;
    let product: { id: string; found: (typeof products)[number] | null } | undefined;
    let reviews: ProductReviewsReply | undefined;
    if (request.kind === 'product') {
      const id = parseProductId(request.id);
      const found = products.find((candidate) => candidate.id === id) ?? null;
      product = { id: request.id, found };
      reviews = found?.reviewCount ? await firstReviewsOf(found.id, found.rating) : undefined;
      descriptor = found
        ? { kind: 'product', product: found, ...(reviews ? { reviews: reviews.reviews } : {}) }
        : { kind: 'not-found' };
    } else if (request.kind === 'not-found') {
      descriptor = { kind: 'not-found' };
    } else if (request.kind === 'policy') {
      descriptor = { kind: 'policy', path: request.policy.path, title: request.policy.title };
    } else {
      descriptor = { kind: 'home', products };
    }
    const rendered = await renderer.render({
      url: path,
      products,
      seller: sellerDetailsOf(facts.settings),
      cashOnDelivery: facts.cashOnDelivery,
      // Only the policy pages state the dispatch days: the others carry no policy facts in their data.
      ...(request.kind === 'policy'
        ? { dispatchDays: facts.settings.dispatchDays, returnWindowDays: facts.returnWindowDays }
        : {}),
      ...(product ? { product } : {}),
      ...(reviews ? { reviews } : {}),
    });
    const html = template.fill({ head: pageHead(descriptor, siteUrl), ...rendered });
    return {
      status: descriptor.kind === 'not-found' ? 404 : 200,
      html,
      etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
    };
  }

  return {
    async page(request: PageRequest): Promise<RenderedHtmlPage> {
      const path = pathOf(request);
      const [snapshot, { facts, version: settingsVersion }] = await Promise.all([
        catalogue.get(),
        readFacts(),
      ]);
      // The footer's year is the clock's: a new year is a new version too.
      // docs/architecture.md#reviews: a published review's text or photos changed is a new version of its page.
      const version = `${snapshot.etag}:${settingsVersion}:${versions.of('reviews') ?? 'unheard'}:${new Date().getFullYear()}`;
      if (version !== cachedVersion) {
        cache.clear();
        cachedVersion = version;
      }
      const cached = cache.get(path);
      if (cached) return cached;
      const pending = render(request, path, snapshot, facts);
      // Only pages that exist, and the one "Page not found", are kept: ids of no product would otherwise grow
      // the cache without limit.
      if (request.kind !== 'product' || parseProductId(request.id) !== undefined) {
        cache.set(path, pending);
        pending.then(
          (page) => {
            if (page.status !== 200 && request.kind !== 'not-found') cache.delete(path);
          },
          () => cache.delete(path),
        );
      }
      return pending;
    },
  };
}

export type PageService = ReturnType<typeof createPageService>;
