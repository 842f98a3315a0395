import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { paths, policyPaths } from '../lib/paths';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home/home';

// Only the home page ships with the first load; every other route is its own chunk (bundle budget).
const ProductRoute = lazy(() =>
  import('./routes/product').then((module) => ({ default: module.ProductRoute })),
);
const PolicyRoute = lazy(() => import('./routes/policy').then((module) => ({ default: module.PolicyRoute })));
const PaymentSuccessRoute = lazy(() =>
  import('./routes/payment-success').then((module) => ({ default: module.PaymentSuccessRoute })),
);
const OrdersRoute = lazy(() => import('./routes/orders').then((module) => ({ default: module.OrdersRoute })));
const LoginRoute = lazy(() => import('./routes/login').then((module) => ({ default: module.LoginRoute })));
const ProfileRoute = lazy(() =>
  import('./routes/profile').then((module) => ({ default: module.ProfileRoute })),
);
const CartRoute = lazy(() => import('./routes/cart').then((module) => ({ default: module.CartRoute })));
const WishlistRoute = lazy(() =>
  import('./routes/wishlist').then((module) => ({ default: module.WishlistRoute })),
);
const CheckoutRoute = lazy(() =>
  import('./routes/checkout').then((module) => ({ default: module.CheckoutRoute })),
);
const NotFoundRoute = lazy(() =>
  import('./routes/not-found').then((module) => ({ default: module.NotFoundRoute })),
);

// An object route table (useRoutes) rather than <Routes> children: the same matching without the code that
// reads routes out of JSX elements (bundle budget).
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: paths.productPattern, element: <ProductRoute /> },
      ...Object.values(policyPaths).map((path) => ({ path, element: <PolicyRoute /> })),
      { path: paths.login, element: <LoginRoute /> },
      { path: paths.profile, element: <ProfileRoute /> },
      { path: paths.paymentSuccess, element: <PaymentSuccessRoute /> },
      { path: paths.orders, element: <OrdersRoute /> },
      { path: paths.cart, element: <CartRoute /> },
      { path: paths.wishlist, element: <WishlistRoute /> },
      { path: paths.checkout, element: <CheckoutRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
