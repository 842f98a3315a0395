import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteStaffBody, StaffMember } from '../../../../contracts/staff';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { staffListKey } from './get-staff';

export function inviteStaff(body: InviteStaffBody) {
  return adminApi.post<{ message: string; staff: StaffMember }>(adminApiPaths.staff, body);
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListKey }),
  });
}
