import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '../../../../contracts/staff';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export const staffListKey = ['admin', 'staff'] as const;

export function getStaff() {
  return adminApi.get<{ staff: StaffMember[] }>(adminApiPaths.staff);
}

export function useStaffList() {
  return useQuery({ queryKey: staffListKey, queryFn: getStaff });
}
