import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminReturnDetail,
  AdminReturnSummary,
  ReturnReply,
  ReturnSettingsSchema,
  ReturnStatus,
  returnAgeFilters,
} from '../../../../contracts/returns';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export type ReturnSettingsValues = z.infer<typeof ReturnSettingsSchema>;
export type ReturnAgeFilter = (typeof returnAgeFilters)[number];

/** Every console returns query starts with these, so an action refreshes the queue and the page together. */
export const returnKeys = {
  all: ['admin', 'returns'] as const,
  list: (status: string, age: string) => ['admin', 'returns', 'list', status, age] as const,
  one: (id: string) => ['admin', 'returns', 'detail', id] as const,
  settings: ['admin', 'returns', 'settings'] as const,
};

export function useAdminReturns(status: ReturnStatus | '', age: ReturnAgeFilter) {
  const query = new URLSearchParams({ ...(status ? { status } : {}), age }).toString();
  return useQuery({
    queryKey: returnKeys.list(status, age),
    queryFn: () => adminApi.get<{ returns: AdminReturnSummary[] }>(adminApiPaths.returns(query)),
  });
}

export function useAdminReturn(id: string) {
  return useQuery({
    queryKey: returnKeys.one(id),
    queryFn: () => adminApi.get<AdminReturnDetail>(adminApiPaths.return(id)),
  });
}

export type ReturnActionPath =
  | 'approve'
  | 'refuse'
  | 'approve-without-pickup'
  | 'receive'
  | 'refund'
  | 'send-replacement'
  | 'close';

export function useReturnAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: ReturnActionPath; body?: object }) =>
      adminApi.post<ReturnReply>(adminApiPaths.returnAction(id, action), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnKeys.all }),
  });
}

export function useReturnSettings() {
  return useQuery({
    queryKey: returnKeys.settings,
    queryFn: () => adminApi.get<ReturnSettingsValues>(adminApiPaths.returnSettings),
  });
}

export function useSaveReturnSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReturnSettingsValues) =>
      adminApi.put<{ message: string; settings: ReturnSettingsValues }>(
        adminApiPaths.returnSettings,
        settings,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnKeys.settings }),
  });
}
