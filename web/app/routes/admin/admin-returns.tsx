import type { StaffProfile } from '../../../../contracts/staff';
import { ReturnSettingsSection } from '../../../features/admin-returns/components/return-settings-form';
import { ReturnsQueue } from '../../../features/admin-returns/components/returns-queue';
import { useOutletContext } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** docs/product.md#returns: the returns queue, and the return settings (owners change them). */
export function AdminReturnsPage() {
  useDocumentTitle('Returns');
  const staff = useOutletContext<StaffProfile>();
  return (
    <>
      <h1>Returns</h1>
      <ReturnsQueue />
      <ReturnSettingsSection canEdit={staff.role === 'owner'} />
    </>
  );
}
