import type { StaffProfile } from '../../../../contracts/staff';
import { StaffAlertsTable } from '../../../features/alerts/components/staff-alerts-table';
import { InviteStaffForm } from '../../../features/staff/components/invite-staff-form';
import { StaffTable } from '../../../features/staff/components/staff-table';
import { useOutletContext } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

export function AdminStaffPage() {
  useDocumentTitle('Staff');
  const self = useOutletContext<StaffProfile>();
  const toast = useToast();
  return (
    <>
      <h1>Staff</h1>
      <StaffTable selfId={self.id} onDone={toast} />
      <InviteStaffForm onInvited={toast} />
      <StaffAlertsTable />
    </>
  );
}
