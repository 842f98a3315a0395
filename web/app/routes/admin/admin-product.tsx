import type { StaffProfile } from '../../../../contracts/staff';
import { StatusMessage } from '../../../components/status-message';
import { useAdminProduct } from '../../../features/admin-catalogue/api/get-admin-product';
import { ProductBadges } from '../../../features/admin-catalogue/components/product-badges';
import { ProductEditForm } from '../../../features/admin-catalogue/components/product-edit-form';
import { ProductImagesEditor } from '../../../features/admin-catalogue/components/product-images-editor';
import { StockMovements } from '../../../features/admin-catalogue/components/stock-movements';
import { adminPaths } from '../../../lib/admin-paths';
import { Link, useOutletContext, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

export function AdminProductPage() {
  const { id = '' } = useParams();
  const productId = Number(id);
  const staff = useOutletContext<StaffProfile>();
  const toast = useToast();
  const detail = useAdminProduct(productId);
  useDocumentTitle(detail.data ? detail.data.product.title : 'Product');
  const canEdit = staff.role === 'owner';

  if (detail.isPending) return <p role="status">Loading the product…</p>;
  if (detail.isError) {
    return (
      <>
        <h1>Product</h1>
        <StatusMessage status={{ kind: 'error', text: detail.error.message }} />
        <p>
          <Link to={adminPaths.products}>Back to products</Link>
        </p>
      </>
    );
  }
  const { product } = detail.data;
  return (
    <>
      <p>
        <Link to={adminPaths.products}>Back to products</Link>
      </p>
      <h1>{product.title}</h1>
      <p>
        <ProductBadges product={product} /> SKU {product.sku}; stock {product.stock} (low at{' '}
        {product.lowStockThreshold} or fewer); {product.held} held by checkouts in progress.
      </p>
      <ProductEditForm key={product.updatedAt} product={product} canEdit={canEdit} onSaved={toast} />
      <ProductImagesEditor product={product} canEdit={canEdit} onDone={toast} />
      <StockMovements movements={product.movements} />
    </>
  );
}
