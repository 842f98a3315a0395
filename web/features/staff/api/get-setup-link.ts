import { useQuery } from '@tanstack/react-query';
import type { StaffSetupInfo } from '../../../../contracts/staff';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export function getSetupLink(token: string) {
  return adminApi.get<StaffSetupInfo>(adminApiPaths.setup(token));
}

export function useSetupLink(token: string) {
  return useQuery({
    queryKey: ['admin', 'setup', token],
    queryFn: () => getSetupLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
