import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '../../../../contracts/staff';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { staffListKey } from './get-staff';

export function disableStaff(id: string) {
  return adminApi.post<{ message: string; staff: StaffMember }>(adminApiPaths.disableStaff(id));
}

export function useDisableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListKey }),
  });
}
