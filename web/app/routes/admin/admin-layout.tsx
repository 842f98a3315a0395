import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { type StaffProfile, staffConsoleMessages } from '../../../../contracts/staff';
import { StatusMessage } from '../../../components/status-message';
import { useStaffSession } from '../../../features/staff/api/get-staff-session';
import { useSignOutStaff } from '../../../features/staff/api/sign-out-staff';
import { adminPaths } from '../../../lib/admin-paths';
import { NavLink, Outlet, useLocation, useNavigate, useOutletContext } from '../../../lib/router';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useToast } from './toasts';

/**
 * docs/architecture.md#console-on-a-phone: below this width the navigation, who is signed in and sign-out fold into
 * one Menu button, so the header is one line and the page starts at the top of the screen.
 */
export const PHONE_CONSOLE_QUERY = '(max-width: 47.99rem)';

/** The signed-in console: navigation to the pages that exist, who is signed in, and sign-out. */
export function AdminLayout() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const toast = useToast();
  const phone = useMediaQuery(PHONE_CONSOLE_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();
  // A page chosen from the menu closes it, also the same page with another query (Reviews from its New tab).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path and query are what change
  useEffect(() => setMenuOpen(false), [pathname, search]);
  const signOut = useSignOutStaff(() => {
    toast(staffConsoleMessages.signedOut);
    navigate(adminPaths.login, { replace: true });
  });

  if (session.isPending) return <p role="status">Loading the console…</p>;
  if (session.isError) {
    return (
      <main className="admin-main">
        <StatusMessage status={{ kind: 'error', text: session.error.message }} />
      </main>
    );
  }
  const { staff } = session.data;
  const isOwner = staff.role === 'owner';

  return (
    <>
      <header className="admin-header">
        <p className="admin-brand">Ottoman Mittens console</p>
        {phone && (
          <button
            className="button button--ghost admin-menu-button"
            type="button"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
        )}
        <div id="admin-menu" className="admin-menu" hidden={phone && !menuOpen}>
          <nav aria-label="Console">
            <ul className="admin-nav">
              <li>
                <NavLink to={adminPaths.root} end>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.orders}>Orders</NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.products}>Products</NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.coupons}>Discount codes</NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.cod}>Cash on delivery</NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.returns}>Returns</NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.reviews}>Reviews</NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.deliveries}>Failed deliveries</NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.customers}>Customers</NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.messages}>Inbox</NavLink>
              </li>
              {isOwner && (
                <li>
                  <NavLink to={adminPaths.staff}>Staff</NavLink>
                </li>
              )}
              {isOwner && (
                <li>
                  <NavLink to={adminPaths.audit}>Audit log</NavLink>
                </li>
              )}
              <li>
                <NavLink to={adminPaths.settings}>Settings</NavLink>
              </li>
              <li>
                <NavLink to={adminPaths.alerts}>Alerts</NavLink>
              </li>
            </ul>
          </nav>
          <div className="admin-who">
            <span>
              {staff.name} ({staff.role})
            </span>
            <button className="button button--ghost" type="button" onClick={() => signOut.mutate()}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main className="admin-main" id="main">
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Outlet context={staff} />
        </Suspense>
      </main>
    </>
  );
}

/** docs/product.md#staff: staff management and the audit log are an owner's. */
export function OwnerOnly({ page }: { page: ReactNode }) {
  const staff = useOutletContext<StaffProfile>();
  if (staff.role === 'owner') return page;
  return (
    <>
      <h1>Owners only</h1>
      <p>Only an owner can see this page.</p>
    </>
  );
}
