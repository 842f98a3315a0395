import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '../../../../contracts/staff';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export interface AuditFilters {
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: string;
  to?: string;
}

export function getAuditLog(filters: AuditFilters, after: string | null) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (after) query.set('after', after);
  return adminApi.get<AuditPage>(adminApiPaths.audit(query.toString()));
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ pageParam }) => getAuditLog(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
}
