import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminNdrRow, NdrQueueState } from '../../../../contracts/ndr-rules';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { ndrKeys } from './ndr-keys';

/** GET /api/admin/ndr?state=…: the queue's reply. */
export interface AdminNdrQueueReply {
  reports: AdminNdrRow[];
}

export function getNdrQueue(state: NdrQueueState): Promise<AdminNdrQueueReply> {
  return adminApi.get<AdminNdrQueueReply>(adminApiPaths.ndr(state));
}

/** docs/product.md#failed-deliveries: the open reports (waiting first, by deadline) or the closed ones. */
export function useNdrQueue(state: NdrQueueState) {
  return useQuery({
    queryKey: ndrKeys.queue(state),
    queryFn: () => getNdrQueue(state),
    placeholderData: keepPreviousData,
    // The time left moves: the queue is read again each minute while it is open.
    refetchInterval: 60_000,
  });
}
