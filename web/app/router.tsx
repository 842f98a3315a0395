import { lazy } from 'react';
import { Route, Routes } from 'react-router';
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path={paths.productPattern} element={<ProductRoute />} />
        {Object.values(policyPaths).map((path) => (
          <Route key={path} path={path} element={<PolicyRoute />} />
        ))}
        <Route path={paths.login} element={<LoginRoute />} />
        <Route path={paths.profile} element={<ProfileRoute />} />
        <Route path={paths.paymentSuccess} element={<PaymentSuccessRoute />} />
        <Route path={paths.orders} element={<OrdersRoute />} />
        <Route path={paths.cart} element={<CartRoute />} />
        <Route path={paths.wishlist} element={<WishlistRoute />} />
        <Route path={paths.checkout} element={<CheckoutRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
