import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export function signOutStaff() {
  return adminApi.delete<{ message: string }>(adminApiPaths.session);
}

export function useSignOutStaff(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutStaff,
    onSettled: () => {
      queryClient.removeQueries({ queryKey: ['admin'] });
      onDone();
    },
  });
}
