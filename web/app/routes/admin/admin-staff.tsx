import { useQueryClient } from '@tanstack/react-query';
import type { StaffProfile } from '../../../../contracts/staff';
import { staffAlertsKey } from '../../../features/alerts/api/get-staff-alerts';
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
  const queryClient = useQueryClient();
  // An invitation, a role change (a role's default alerts) or a disabled member changes the alerts table too.
  const changed = (message: string) => {
    toast(message);
    void queryClient.invalidateQueries({ queryKey: staffAlertsKey });
  };
  return (
    <>
      <h1>Staff</h1>
      <StaffTable selfId={self.id} onDone={changed} />
      <InviteStaffForm onInvited={changed} />
      <StaffAlertsTable />
    </>
  );
}
