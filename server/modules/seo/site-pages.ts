// docs/architecture.md#seo: the pages search engines may index. The server cannot import the web app's
// paths (docs/architecture.md#dependency-rules), so the four policy pages of docs/product.md#policies are
// named again here; the sitemap's test checks they answer.

import { shop } from '../../../contracts/shop';

export const SHOP_NAME = 'Ottoman Mittens';

export interface PolicyPage {
  path: string;
  description: string;
}

export const policyPages: readonly PolicyPage[] = [
  {
    path: '/terms-and-conditions',
    description:
      'The terms for buying Ottoman silk bath mittens online: orders, prices, payment and delivery in India.',
  },
  {
    path: '/privacy-policy',
    description:
      'What Ottoman Mittens collects about you, why, how long it is kept, and how to download or delete your data.',
  },
  {
    path: '/cancellation-refund',
    description:
      'How to cancel an Ottoman Mittens order, return or replace mittens after delivery, and when refunds reach you.',
  },
  {
    path: '/shipping-delivery',
    description:
      'Where Ottoman Mittens ships in India, how soon orders leave, what shipping costs and how to track a parcel.',
  },
];

/** docs/product.md#policies: the "last updated" date each policy page states, for the sitemap's lastmod. */
export function policyLastUpdated(path: string): string | undefined {
  return shop.policiesLastUpdated[path];
}

/** An absolute URL for a path or URL: stored image URLs may already be absolute (an S3 bucket). */
export function absoluteUrl(pathOrUrl: string, siteUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl.replace(/\/+$/, '')}/`).toString();
}
