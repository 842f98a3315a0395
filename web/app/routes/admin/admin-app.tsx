import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { setAdminSignedOutHandler } from '../../../lib/admin-api-client';
import { adminPaths } from '../../../lib/admin-paths';
import { type RouteObject, useNavigate, useRoutes } from '../../../lib/router';
import './admin.css';
import { AdminLayout, OwnerOnly } from './admin-layout';
import { AdminLoginPage } from './admin-login';
import { ToastProvider } from './toasts';

// Each console page is a chunk of its own, loaded when first opened (the layout shows "Loading…" meanwhile): an
// owner on a phone downloads the console's frame and the page they open, not every page of it.
const lazyPage = <M,>(load: () => Promise<M>, name: keyof M) =>
  lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));

const AdminAlertsPage = lazyPage(() => import('./admin-alerts'), 'AdminAlertsPage');
const AdminAuditPage = lazyPage(() => import('./admin-audit'), 'AdminAuditPage');
const AdminCodPage = lazyPage(() => import('./admin-cod'), 'AdminCodPage');
const AdminCouponPage = lazyPage(() => import('./admin-coupon'), 'AdminCouponPage');
const AdminCouponsPage = lazyPage(() => import('./admin-coupons'), 'AdminCouponsPage');
const AdminCustomerPage = lazyPage(() => import('./admin-customer'), 'AdminCustomerPage');
const AdminCustomersPage = lazyPage(() => import('./admin-customers'), 'AdminCustomersPage');
const AdminDeliveriesPage = lazyPage(() => import('./admin-deliveries'), 'AdminDeliveriesPage');
const AdminDashboardPage = lazyPage(() => import('./admin-dashboard'), 'AdminDashboardPage');
const AdminMessagePage = lazyPage(() => import('./admin-message'), 'AdminMessagePage');
const AdminMessagesPage = lazyPage(() => import('./admin-messages'), 'AdminMessagesPage');
const AdminOrderPage = lazyPage(() => import('./admin-order'), 'AdminOrderPage');
const AdminOrdersPage = lazyPage(() => import('./admin-orders'), 'AdminOrdersPage');
const AdminProductPage = lazyPage(() => import('./admin-product'), 'AdminProductPage');
const AdminProductsPage = lazyPage(() => import('./admin-products'), 'AdminProductsPage');
const AdminReturnPage = lazyPage(() => import('./admin-return'), 'AdminReturnPage');
const AdminReturnsPage = lazyPage(() => import('./admin-returns'), 'AdminReturnsPage');
const AdminReviewsPage = lazyPage(() => import('./admin-reviews'), 'AdminReviewsPage');
const AdminSettingsPage = lazyPage(() => import('./admin-settings'), 'AdminSettingsPage');
const AdminSetupPage = lazyPage(() => import('./admin-setup'), 'AdminSetupPage');
const AdminStaffPage = lazyPage(() => import('./admin-staff'), 'AdminStaffPage');

// Paths relative to the console's root, /admin.
const routes: RouteObject[] = [
  {
    path: adminPaths.root,
    children: [
      { path: 'login', element: <AdminLoginPage /> },
      { path: 'setup/:token', element: <AdminSetupPage /> },
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminDashboardPage /> },
          { path: 'orders', element: <AdminOrdersPage /> },
          { path: 'orders/:id', element: <AdminOrderPage /> },
          { path: 'products', element: <AdminProductsPage /> },
          { path: 'products/:id', element: <AdminProductPage /> },
          { path: 'coupons', element: <AdminCouponsPage /> },
          { path: 'coupons/:id', element: <AdminCouponPage /> },
          { path: 'cod', element: <AdminCodPage /> },
          { path: 'returns', element: <AdminReturnsPage /> },
          { path: 'returns/:id', element: <AdminReturnPage /> },
          { path: 'reviews', element: <AdminReviewsPage /> },
          { path: 'deliveries', element: <AdminDeliveriesPage /> },
          { path: 'customers', element: <AdminCustomersPage /> },
          { path: 'customers/:id', element: <AdminCustomerPage /> },
          { path: 'messages', element: <AdminMessagesPage /> },
          { path: 'messages/:id', element: <AdminMessagePage /> },
          { path: 'staff', element: <OwnerOnly page={<AdminStaffPage />} /> },
          { path: 'audit', element: <OwnerOnly page={<AdminAuditPage />} /> },
          {
            path: 'settings',
            element: <AdminSettingsPage />,
          },
          { path: 'alerts', element: <AdminAlertsPage /> },
          { path: '*', element: <p>This console page does not exist.</p> },
        ],
      },
    ],
  },
];

function AdminRoutes() {
  return useRoutes(routes);
}

// docs/architecture.md#staff: the console is a page of its own (web/admin.html, rendered by app/admin-root.tsx),
// built apart from the shop: the shop's first load carries none of it.

/** Everything under /admin: a 401 from a console call leads to the console's sign-in, not the shop's. */
export function AdminApp() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setAdminSignedOutHandler(() => {
      queryClient.removeQueries({ queryKey: ['admin'] });
      navigate(adminPaths.login, { replace: true });
    });
  }, [navigate, queryClient]);
  return (
    <ToastProvider>
      <div className="admin">
        <Suspense fallback={<p role="status">Loading…</p>}>
          <AdminRoutes />
        </Suspense>
      </div>
    </ToastProvider>
  );
}
