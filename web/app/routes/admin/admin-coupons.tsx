import { useState } from 'react';
import type { StaffProfile } from '../../../../contracts/staff';
import { Button } from '../../../components/button';
import { useAdminProducts } from '../../../features/admin-catalogue/api/get-admin-products';
import { CouponFormDialog } from '../../../features/admin-coupons/components/coupon-form-dialog';
import { CouponsList } from '../../../features/admin-coupons/components/coupons-list';
import { adminPaths } from '../../../lib/admin-paths';
import { useNavigate, useOutletContext } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

/** docs/product.md#console-coupons: the codes; an owner creates one in a dialog and lands on its page. */
export function AdminCouponsPage() {
  useDocumentTitle('Discount codes');
  const staff = useOutletContext<StaffProfile>();
  const isOwner = staff.role === 'owner';
  const toast = useToast();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [opening, setOpening] = useState(0);
  const products = useAdminProducts();

  return (
    <>
      <h1>Discount codes</h1>
      {isOwner ? (
        <div className="admin-actions">
          <Button
            onClick={() => {
              setOpening((count) => count + 1);
              setCreating(true);
            }}
          >
            New discount code
          </Button>
        </div>
      ) : (
        <p className="admin-muted">Only an owner can create or change discount codes.</p>
      )}
      <CouponsList />
      {isOwner && (
        <CouponFormDialog
          key={opening}
          open={creating}
          products={products.data?.products ?? []}
          onClose={() => setCreating(false)}
          onSaved={(message, coupon) => {
            setCreating(false);
            toast(message);
            navigate(adminPaths.coupon(coupon.id));
          }}
        />
      )}
    </>
  );
}
