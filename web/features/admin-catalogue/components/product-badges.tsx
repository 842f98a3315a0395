import type { AdminProductSummary } from '../../../../contracts/admin-catalogue';
import './catalogue.css';

/** "Low stock" and "Off sale", in words (not colour alone). */
export function ProductBadges({ product }: { product: AdminProductSummary }) {
  return (
    <>
      {product.lowStock && <span className="catalogue-badge">Low stock</span>}{' '}
      {!product.active && <span className="catalogue-badge catalogue-badge--off">Off sale</span>}
    </>
  );
}
