import { useQuery } from '@tanstack/react-query';
import type { AdminMessagesReply } from '../../../../contracts/admin-inbox';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { type InboxFilters, inboxQuery } from '../components/inbox-filters';
import { adminInboxKeys } from './admin-inbox-keys';

export function getMessages(filters: InboxFilters) {
  return adminApi.get<AdminMessagesReply>(adminApiPaths.messages(inboxQuery(filters).slice(1)));
}

export function useMessages(filters: InboxFilters) {
  return useQuery({
    queryKey: adminInboxKeys.list(filters.status ?? 'all', filters.topic ?? 'all', filters.page),
    queryFn: () => getMessages(filters),
  });
}
