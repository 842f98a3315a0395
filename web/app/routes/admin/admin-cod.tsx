import type { StaffProfile } from '../../../../contracts/staff';
import { CodOverviewView } from '../../../features/admin-cod/components/cod-overview-view';
import { RemittanceImport } from '../../../features/admin-cod/components/remittance-import';
import { CodRiskView } from '../../../features/admin-cod-risk/components/cod-risk-view';
import { useOutletContext } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

/** docs/product.md#cod-remittances: cash due from the courier, remittances and mismatches; owners import. */
export function AdminCodPage() {
  useDocumentTitle('Cash on delivery');
  const staff = useOutletContext<StaffProfile>();
  const toast = useToast();
  return (
    <>
      <h1>Cash on delivery</h1>
      {staff.role === 'owner' ? (
        <RemittanceImport />
      ) : (
        <p className="admin-muted">Only an owner can import a remittance.</p>
      )}
      <CodOverviewView isOwner={staff.role === 'owner'} onDone={toast} />
      <CodRiskView />
    </>
  );
}
