import { StaffSetupForm } from '../../../features/staff/components/staff-setup-form';
import { useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminSetupPage() {
  useDocumentTitle('Set up your console account');
  const { token = '' } = useParams();
  return (
    <main className="admin-main admin-main--narrow" id="main">
      <h1>Set up your console account</h1>
      <StaffSetupForm token={token} />
    </main>
  );
}
