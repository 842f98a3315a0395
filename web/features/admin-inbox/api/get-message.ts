import { useQuery } from '@tanstack/react-query';
import type { AdminMessageDetail } from '../../../../contracts/admin-inbox';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { adminInboxKeys } from './admin-inbox-keys';

export function getMessage(id: string) {
  return adminApi.get<AdminMessageDetail>(adminApiPaths.message(id));
}

export function useMessage(id: string) {
  return useQuery({ queryKey: adminInboxKeys.message(id), queryFn: () => getMessage(id) });
}
