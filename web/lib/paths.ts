import { searchPath } from '../../contracts/search-query';

// Every path of the app and of the API, in one place (docs/architecture.md#web: all paths in one paths.ts).

/** The home page's anchor sections (docs/product.md#screens). */
export const sectionIds = {
  home: 'home',
  about: 'about',
  products: 'products',
  contact: 'contact',
} as const;

export type SectionId = (typeof sectionIds)[keyof typeof sectionIds];

export const policyPaths = {
  terms: '/terms-and-conditions',
  privacy: '/privacy-policy',
  cancellationRefund: '/cancellation-refund',
  shippingDelivery: '/shipping-delivery',
} as const;

/** Every policy page ends with the seller and the grievance officer; the footer links to the Terms' (docs/product.md#seller-and-grievance-officer). */
export const grievanceSectionId = 'grievance-officer';
export const grievanceDetailsPath = `${policyPaths.terms}#${grievanceSectionId}`;

export const paths = {
  home: '/',
  section: (id: SectionId) => `/#${id}`,
  /** The home page with a search's results, scrolled to them (docs/product.md#search-matching). */
  searchResults: (query: string) => `${searchPath(query)}#${sectionIds.products}`,
  product: (id: number | string) => `/product/${id}`,
  productPattern: '/product/:id',
  cart: '/cart',
  wishlist: '/wishlist',
  login: '/login',
  /** /login telling a shopper whose session a block ended why (docs/product.md#customers). */
  loginBlocked: '/login?reason=blocked',
  /** /login with a remembered return target (docs/product.md#screens: /wishlist sends visitors here). */
  loginReturningTo: (returnTo: string) => `/login?returnTo=${encodeURIComponent(returnTo)}`,
  profile: '/profile',
  checkout: '/checkout',
  paymentSuccess: '/payment-success',
  /** The success page of one order: its id in the URL, so a reload still shows it. */
  paymentSuccessOf: (orderId: string) => `/payment-success?orderId=${encodeURIComponent(orderId)}`,
  orders: '/orders',
  /** One order with its real state: where the order e-mails and SMS link (contracts/orders.ts orderPagePath). */
  order: (orderId: string) => `/orders/${encodeURIComponent(orderId)}`,
  orderPattern: '/orders/:orderId',
  /** docs/product.md#cash-on-delivery: where a COD order's confirm link opens (contracts/cod-rules.ts). */
  codConfirm: '/cod/confirm',
  /** docs/product.md#reviews: the review form; a review request's link adds its token, My Orders `?product=`. */
  review: '/review',
  /** docs/product.md#failed-deliveries: a failed delivery's page (contracts/ndr-rules.ts ndrLinkPath, ndrOrderPath). */
  delivery: '/delivery',
  policies: policyPaths,
} as const;

/** API paths, relative to the API base (see api-client.ts). */
export const apiPaths = {
  products: '/products',
  product: (id: number | string) => `/products/${encodeURIComponent(String(id))}`,
  contact: '/contact',
  cart: '/cart',
  cartUpdate: '/cart/update',
  cartCoupon: '/cart/coupon',
  wishlist: '/wishlist',
  wishlistUpdate: '/wishlist/update',
  config: '/config',
  deliveryPromise: (pincode: string) => `/delivery/${encodeURIComponent(pincode)}`,
} as const;
