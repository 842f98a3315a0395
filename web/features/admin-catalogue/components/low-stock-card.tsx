import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';
import { useAdminProducts } from '../api/get-admin-products';

/** The dashboard's card: products at or below their low-stock threshold (docs/product.md#console-catalogue). */
export function LowStockCard() {
  const list = useAdminProducts(true);
  return (
    <section className="admin-section" aria-labelledby="low-stock-heading">
      <h2 id="low-stock-heading">Low stock</h2>
      {list.isPending && <p role="status">Loading…</p>}
      {list.isError && <StatusMessage status={{ kind: 'error', text: list.error.message }} />}
      {list.isSuccess && list.data.products.length === 0 && <p>Every product is above its threshold.</p>}
      {list.isSuccess && list.data.products.length > 0 && (
        <ul className="admin-attention">
          {list.data.products.map((product) => (
            <li key={product.id}>
              <Link to={adminPaths.product(product.id)}>{product.title}</Link>: {product.stock} left
              (threshold {product.lowStockThreshold})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
