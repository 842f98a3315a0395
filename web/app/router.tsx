import { paths, policyPaths } from '../lib/paths';
import { matchRoutes, type RouteObject, useRoutes } from '../lib/router';
import { RootLayout } from './layout/root-layout';
import { type LazyRoute, lazyRoute } from './lazy-route';
import { HomeRoute } from './routes/home/home';
// docs/architecture.md#pages-as-html: the server sends these pages as HTML before their route's chunk arrives,
// and a lazy chunk's styles arrive with its code: theirs come with the first load, or the page would move.
import '../features/catalogue/components/product-detail.css';
import '../features/policies/components/policy-page.css';

// Only the home page ships with the first load; every other route is its own chunk (bundle budget).
const product = lazyRoute(() => import('./routes/product').then((module) => module.ProductRoute));
const policy = lazyRoute(() => import('./routes/policy').then((module) => module.PolicyRoute));
const paymentSuccess = lazyRoute(() =>
  import('./routes/payment-success').then((module) => module.PaymentSuccessRoute),
);
const orders = lazyRoute(() => import('./routes/orders').then((module) => module.OrdersRoute));
const order = lazyRoute(() => import('./routes/order').then((module) => module.OrderRoute));
const login = lazyRoute(() => import('./routes/login').then((module) => module.LoginRoute));
const profile = lazyRoute(() => import('./routes/profile').then((module) => module.ProfileRoute));
const cart = lazyRoute(() => import('./routes/cart').then((module) => module.CartRoute));
const wishlist = lazyRoute(() => import('./routes/wishlist').then((module) => module.WishlistRoute));
const checkout = lazyRoute(() => import('./routes/checkout').then((module) => module.CheckoutRoute));
const codConfirm = lazyRoute(() => import('./routes/cod-confirm').then((module) => module.CodConfirmRoute));
const review = lazyRoute(() => import('./routes/review').then((module) => module.ReviewRoute));
const notFound = lazyRoute(() => import('./routes/not-found').then((module) => module.NotFoundRoute));

function lazyPage(path: string, route: LazyRoute): RouteObject {
  return { path, element: <route.Route />, handle: route };
}

// An object route table (useRoutes) rather than <Routes> children: the same matching without the code that
// reads routes out of JSX elements (bundle budget).
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      lazyPage(paths.productPattern, product),
      ...Object.values(policyPaths).map((path) => lazyPage(path, policy)),
      lazyPage(paths.login, login),
      lazyPage(paths.profile, profile),
      lazyPage(paths.paymentSuccess, paymentSuccess),
      lazyPage(paths.orders, orders),
      lazyPage(paths.orderPattern, order),
      lazyPage(paths.cart, cart),
      lazyPage(paths.wishlist, wishlist),
      lazyPage(paths.checkout, checkout),
      lazyPage(paths.codConfirm, codConfirm),
      lazyPage(paths.review, review),
      lazyPage('*', notFound),
    ],
  },
];

function isLazyRoute(handle: unknown): handle is LazyRoute {
  return typeof handle === 'object' && handle !== null && 'preload' in handle;
}

/** docs/architecture.md#pages-as-html: loads the chunk of the route that answers `pathname`, if it has one. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => (isLazyRoute(route.handle) ? route.handle.preload() : undefined)),
  );
}

/** docs/architecture.md#pages-as-html: whether a route of the shop answers `pathname`; others are "Page not found" (404). */
export function isAppPath(pathname: string): boolean {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  return leaf !== undefined && leaf.path !== '*';
}

export function AppRoutes() {
  return useRoutes(routes);
}
