import { type LinkClient, linkClient } from '../../../lib/link-client';

/** The header that carries a review link's token instead of a session (server/http/shop/reviews.ts). */
const REVIEW_LINK_HEADER = 'X-Review-Link';

export type ReviewClient = LinkClient;

/** docs/product.md#review-requests: the review link's page writes as the link's shopper, or signed in without one. */
export function reviewClient(linkToken: string | null): ReviewClient {
  return linkClient(REVIEW_LINK_HEADER, linkToken);
}
