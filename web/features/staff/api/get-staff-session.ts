import { useQuery } from '@tanstack/react-query';
import type { StaffProfile } from '../../../../contracts/staff';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export const staffSessionKey = ['admin', 'session'] as const;

export function getStaffSession() {
  return adminApi.get<{ staff: StaffProfile }>(adminApiPaths.session);
}

export function useStaffSession() {
  return useQuery({ queryKey: staffSessionKey, queryFn: getStaffSession, retry: false, staleTime: 60_000 });
}
