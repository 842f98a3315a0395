import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';
import { useAdminProducts } from '../api/get-admin-products';
import { formatRupees } from '../format';
import { ProductBadges } from './product-badges';
import './catalogue.css';

/** docs/product.md#console-catalogue: every product, on sale or not, with its stock and units held. */
export function ProductsList() {
  const list = useAdminProducts();
  if (list.isPending) return <p role="status">Loading products…</p>;
  if (list.isError) return <StatusMessage status={{ kind: 'error', text: list.error.message }} />;
  const { products } = list.data;
  if (products.length === 0) return <p>No products yet.</p>;
  return (
    <ul className="catalogue-cards" aria-label="Products">
      {products.map((product) => (
        <li key={product.id} className="catalogue-card">
          {product.image ? <img src={product.image} alt="" width={64} height={64} /> : <span />}
          <div>
            <h2>
              <Link to={adminPaths.product(product.id)}>{product.title}</Link>
            </h2>
            <ProductBadges product={product} />
            <dl className="admin-details">
              <dt>Price</dt>
              <dd>
                {formatRupees(product.discountedPrice)} (MRP {formatRupees(product.price)}, {product.discount}
                % off)
              </dd>
              <dt>On sale</dt>
              <dd>{product.active ? 'Yes' : 'No'}</dd>
              <dt>Stock</dt>
              <dd>{product.stock}</dd>
              <dt>Held</dt>
              <dd>{product.held}</dd>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}
