import { z } from 'zod';
import type { Product } from './catalogue';
import type { CashOnDeliveryTerms, SellerDetails } from './public-config';
import type { ProductReviewsReply } from './reviews';
import { SEARCH_QUERY_MAX_LENGTH } from './search-query';

// docs/architecture.md#pages-as-html: what the server hands the page renderer (web/entry-server.tsx) and gets
// back. The renderer is the web app's own code, built for Node; the server only knows it by this shape.

/** One page to render: its URL and the catalogue the routes read, exactly as the API would answer it. */
export interface PageRenderRequest {
  /** Path and query of the page, e.g. /product/1. */
  url: string;
  /** The product list (GET /api/products). */
  products: readonly Product[];
  /** Every page's footer names the seller; the policy pages add the grievance officer (GET /api/config). */
  seller: SellerDetails;
  /** Every page's footer names the ways to pay; the policies describe cash on delivery (GET /api/config). */
  cashOnDelivery: CashOnDeliveryTerms;
  /** A policy page's: the owner's dispatch days, which it states (docs/product.md#reply-and-dispatch-times). */
  dispatchDays?: number;
  /** A policy page's: the return window's days, which it states (docs/product.md#returns). */
  returnWindowDays?: number;
  /** The product page's product (GET /api/products/:id); null when that id is not on sale (404). */
  product?: { id: string; found: Product | null };
  /**
   * The product page's first page of reviews in the page's first order (GET /api/products/:id/reviews), when the
   * product has published reviews: the reviews the page shows are the ones its JSON-LD names
   * (docs/architecture.md#seo).
   */
  reviews?: ProductReviewsReply;
}

export interface RenderedPage {
  /** The app's markup, for the page's #root. */
  appHtml: string;
  /** The data the browser hydrates from: a non-executable `type="application/json"` block. */
  dataHtml: string;
}

export interface RenderedPolicyPage {
  path: string;
  title: string;
}

export interface PageRenderer {
  /** The policy pages the app has, with their titles (the server answers exactly these paths). */
  policyPages: readonly RenderedPolicyPage[];
  /** Whether a route of the app answers this path; the server answers any other with "Page not found" (404). */
  isAppPath(pathname: string): boolean;
  render(request: PageRenderRequest): Promise<RenderedPage>;
}

/** GET /product/:id, the page. Any text is accepted: one that names no product on sale is the 404 page. */
export const ProductPageParamsSchema = z.object({ id: z.string().max(200) });

/**
 * GET /?q=…, the home page with a search's results (docs/product.md#search-matching). A page never refuses its
 * query: one that is too long or given twice is read as none.
 */
export const HomePageQuerySchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH).optional().catch(undefined),
});
