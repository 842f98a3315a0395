import type { StaffProfile } from '../../../../contracts/staff';
import { NewProductForm } from '../../../features/admin-catalogue/components/new-product-form';
import { ProductsList } from '../../../features/admin-catalogue/components/products-list';
import { useOutletContext } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

export function AdminProductsPage() {
  useDocumentTitle('Products');
  const staff = useOutletContext<StaffProfile>();
  const toast = useToast();
  return (
    <>
      <h1>Products</h1>
      <ProductsList />
      {staff.role === 'owner' && <NewProductForm onCreated={toast} />}
    </>
  );
}
