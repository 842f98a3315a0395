import { useQueryClient } from '@tanstack/react-query';
import { staffSessionKey } from '../../../features/staff/api/get-staff-session';
import { StaffSignInForm } from '../../../features/staff/components/staff-sign-in-form';
import { adminPaths } from '../../../lib/admin-paths';
import { useNavigate } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminLoginPage() {
  useDocumentTitle('Console sign-in');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <main className="admin-main admin-main--narrow" id="main">
      <h1>Sign in to the console</h1>
      <StaffSignInForm
        onSignedIn={(staff) => {
          queryClient.setQueryData(staffSessionKey, { staff });
          navigate(adminPaths.root, { replace: true });
        }}
      />
    </main>
  );
}
