import { AuditLogTable } from '../../../features/audit/components/audit-log-table';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminAuditPage() {
  useDocumentTitle('Audit log');
  return (
    <>
      <h1>Audit log</h1>
      <AuditLogTable />
    </>
  );
}
