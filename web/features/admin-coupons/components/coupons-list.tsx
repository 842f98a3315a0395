import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';
import { useAdminCoupons } from '../api/get-admin-coupons';
import { CouponFacts } from './coupon-facts';
import './coupons.css';

/** docs/product.md#console-coupons: every code, newest first, with its terms and how it did. */
export function CouponsList() {
  const list = useAdminCoupons();
  if (list.isPending) return <p role="status">Loading discount codes…</p>;
  if (list.isError) return <StatusMessage status={{ kind: 'error', text: list.error.message }} />;
  const { coupons } = list.data;
  if (coupons.length === 0) return <p>No discount codes yet.</p>;
  return (
    <ul className="admin-order-cards" aria-label="Discount codes">
      {coupons.map(({ stats, ...coupon }) => (
        <li key={coupon.id} className="admin-order-card">
          <h2 className="admin-order-card__title">
            <Link to={adminPaths.coupon(coupon.id)}>{coupon.code}</Link>
          </h2>
          <CouponFacts coupon={coupon} stats={stats} />
        </li>
      ))}
    </ul>
  );
}
