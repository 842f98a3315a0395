import type { StaffProfile } from '../../../../contracts/staff';
import { StatusMessage } from '../../../components/status-message';
import { useAdminReturn } from '../../../features/admin-returns/api/returns';
import { ReturnActions } from '../../../features/admin-returns/components/return-actions';
import { ReturnFacts } from '../../../features/admin-returns/components/return-facts';
import { adminPaths } from '../../../lib/admin-paths';
import { Link, useOutletContext, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

/** docs/product.md#returns: one return, everything to decide on it, and an owner's actions. */
export function AdminReturnPage() {
  const { id = '' } = useParams();
  const staff = useOutletContext<StaffProfile>();
  const toast = useToast();
  const detail = useAdminReturn(id);
  useDocumentTitle(detail.data ? `Return ${detail.data.return.number}` : 'Return');
  const back = (
    <p>
      <Link to={adminPaths.returns}>Back to returns</Link>
    </p>
  );
  if (detail.isPending) return <p role="status">Loading the return…</p>;
  if (detail.isError) {
    return (
      <>
        <h1>Return</h1>
        <StatusMessage status={{ kind: 'error', text: detail.error.message }} />
        {back}
      </>
    );
  }
  const item = detail.data.return;
  return (
    <>
      {back}
      <h1>Return {item.number}</h1>
      <p>
        <strong>{item.statusLabel}</strong>
        {item.refusalReason ? ` · ${item.refusalReason}` : ''}
      </p>
      {staff.role === 'owner' ? (
        <ReturnActions detail={detail.data} onDone={toast} />
      ) : (
        <p className="admin-muted">Only an owner can act on a return.</p>
      )}
      <ReturnFacts detail={detail.data} />
    </>
  );
}
