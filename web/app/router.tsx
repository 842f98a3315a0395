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
        {/* The accounts issue puts the login modal here; until then there is no login page to show. */}
        <Route path={paths.login} element={<NotFoundRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
