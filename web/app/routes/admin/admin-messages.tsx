import { inboxFiltersFrom } from '../../../features/admin-inbox/components/inbox-filters';
import { MessagesList } from '../../../features/admin-inbox/components/messages-list';
import { statusLabels } from '../../../features/admin-inbox/format';
import { useSearchParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminMessagesPage() {
  const [searchParams] = useSearchParams();
  const filters = inboxFiltersFrom(searchParams);
  useDocumentTitle(filters.status ? `Inbox: ${statusLabels[filters.status]}` : 'Inbox');
  return (
    <>
      <h1>Inbox</h1>
      <MessagesList filters={filters} />
    </>
  );
}
