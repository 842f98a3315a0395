import { useState } from 'react';
import type { StaffProfile } from '../../../../contracts/staff';
import { StatusMessage } from '../../../components/status-message';
import { useAdminProducts } from '../../../features/admin-catalogue/api/get-admin-products';
import { useAdminCoupon } from '../../../features/admin-coupons/api/get-admin-coupon';
import { CouponFacts, CouponTerms } from '../../../features/admin-coupons/components/coupon-facts';
import { CouponFormDialog } from '../../../features/admin-coupons/components/coupon-form-dialog';
import { CouponOrders } from '../../../features/admin-coupons/components/coupon-orders';
import { CouponStatusActions } from '../../../features/admin-coupons/components/coupon-status-actions';
import { adminPaths } from '../../../lib/admin-paths';
import { Link, useOutletContext, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

/** docs/product.md#console-coupons: one code, how it did, the orders that used it; an owner's actions. */
export function AdminCouponPage() {
  const { id = '' } = useParams();
  const couponId = Number(id);
  const staff = useOutletContext<StaffProfile>();
  const toast = useToast();
  const detail = useAdminCoupon(couponId);
  const products = useAdminProducts();
  const [editing, setEditing] = useState(false);
  const [opening, setOpening] = useState(0);
  useDocumentTitle(detail.data ? `Code ${detail.data.coupon.code}` : 'Discount code');

  const back = (
    <p>
      <Link to={adminPaths.coupons}>Back to discount codes</Link>
    </p>
  );
  if (detail.isPending) return <p role="status">Loading the discount code…</p>;
  if (detail.isError) {
    return (
      <>
        <h1>Discount code</h1>
        <StatusMessage status={{ kind: 'error', text: detail.error.message }} />
        {back}
      </>
    );
  }
  const { coupon, stats, orders } = detail.data;
  const catalogue = products.data?.products ?? [];
  const productTitle = (productId: number) =>
    catalogue.find((product) => product.id === productId)?.title ?? `Product ${productId}`;
  return (
    <>
      {back}
      <h1>Code {coupon.code}</h1>
      {staff.role === 'owner' && (
        <CouponStatusActions
          coupon={coupon}
          onDone={toast}
          onEdit={() => {
            setOpening((count) => count + 1);
            setEditing(true);
          }}
        />
      )}
      <section className="admin-section" aria-labelledby="coupon-stats">
        <h2 id="coupon-stats">How it did</h2>
        <CouponFacts coupon={coupon} stats={stats} />
      </section>
      <section className="admin-section" aria-labelledby="coupon-terms">
        <h2 id="coupon-terms">Terms</h2>
        <CouponTerms coupon={coupon} productTitle={productTitle} />
      </section>
      <CouponOrders orders={orders} />
      {staff.role === 'owner' && coupon.status !== 'ended' && (
        <CouponFormDialog
          key={opening}
          open={editing}
          coupon={coupon}
          // The server's rule counts any order that carries the code; these are the ones the page knows of.
          used={stats.usedCount + stats.heldCount > 0 || orders.length > 0}
          products={catalogue}
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            toast(message);
          }}
        />
      )}
    </>
  );
}
