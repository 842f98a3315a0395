import { NdrQueue, ndrQueueStateFrom } from '../../../features/admin-ndr/components/ndr-queue';
import { useSearchParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

/** docs/product.md#failed-deliveries: the NDR queue; staff act for a shopper after a call. */
export function AdminDeliveriesPage() {
  useDocumentTitle('Failed deliveries');
  const toast = useToast();
  const [searchParams] = useSearchParams();
  return (
    <>
      <h1>Failed deliveries</h1>
      <NdrQueue state={ndrQueueStateFrom(searchParams)} onDone={toast} />
    </>
  );
}
