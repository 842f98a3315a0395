import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { setAdminSignedOutHandler } from '../../../lib/admin-api-client';
import { adminPaths } from '../../../lib/admin-paths';
import { type RouteObject, useNavigate, useRoutes } from '../../../lib/router';
import './admin.css';
import { AdminAlertsPage } from './admin-alerts';
import { AdminAuditPage } from './admin-audit';
import { AdminCodPage } from './admin-cod';
import { AdminCouponPage } from './admin-coupon';
import { AdminCouponsPage } from './admin-coupons';
import { AdminCustomerPage } from './admin-customer';
import { AdminCustomersPage } from './admin-customers';
import { AdminDashboardPage } from './admin-dashboard';
import { AdminLayout, OwnerOnly } from './admin-layout';
import { AdminLoginPage } from './admin-login';
import { AdminMessagePage } from './admin-message';
import { AdminMessagesPage } from './admin-messages';
import { AdminOrderPage } from './admin-order';
import { AdminOrdersPage } from './admin-orders';
import { AdminProductPage } from './admin-product';
import { AdminProductsPage } from './admin-products';
import { AdminReturnPage } from './admin-return';
import { AdminReturnsPage } from './admin-returns';
import { AdminSetupPage } from './admin-setup';
import { AdminStaffPage } from './admin-staff';
import { ToastProvider } from './toasts';

// Its own chunk: the settings form checks phone numbers with libphonenumber's numbering plans, which no other
// console page needs (contracts/seller-phone.ts).
const AdminSettingsPage = lazy(() =>
  import('./admin-settings').then((module) => ({ default: module.AdminSettingsPage })),
);

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
          { path: 'customers', element: <AdminCustomersPage /> },
          { path: 'customers/:id', element: <AdminCustomerPage /> },
          { path: 'messages', element: <AdminMessagesPage /> },
          { path: 'messages/:id', element: <AdminMessagePage /> },
          { path: 'staff', element: <OwnerOnly page={<AdminStaffPage />} /> },
          { path: 'audit', element: <OwnerOnly page={<AdminAuditPage />} /> },
          {
            path: 'settings',
            element: (
              <Suspense fallback={<p role="status">Loading the settings…</p>}>
                <AdminSettingsPage />
              </Suspense>
            ),
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
