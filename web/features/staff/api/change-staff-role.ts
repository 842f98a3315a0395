import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, StaffRole } from '../../../../contracts/staff';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { staffListKey } from './get-staff';

export function changeStaffRole(input: { id: string; role: StaffRole }) {
  return adminApi.patch<{ message: string; staff: StaffMember }>(adminApiPaths.staffMember(input.id), {
    role: input.role,
  });
}

export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaffRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListKey }),
  });
}
