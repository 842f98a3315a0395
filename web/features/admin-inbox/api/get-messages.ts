import { useQuery } from '@tanstack/react-query';
import type { AdminMessagesReply } from '../../../../contracts/admin-inbox';
import type { ContactMessageStatus } from '../../../../contracts/contact';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { adminInboxKeys } from './admin-inbox-keys';

export function getMessages(status: ContactMessageStatus | undefined, page: number) {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  return adminApi.get<AdminMessagesReply>(adminApiPaths.messages(query.toString()));
}

export function useMessages(status: ContactMessageStatus | undefined, page: number) {
  return useQuery({
    queryKey: adminInboxKeys.list(status ?? 'all', page),
    queryFn: () => getMessages(status, page),
  });
}
