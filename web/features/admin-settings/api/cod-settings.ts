import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodSettingsBody, CodSettingsReply } from '../../../../contracts/cod';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

// docs/product.md#cash-on-delivery: the console's COD settings.

const codSettingsKey = ['admin', 'cod-settings'] as const;

export function useCodSettings() {
  return useQuery({
    queryKey: codSettingsKey,
    queryFn: () => adminApi.get<CodSettingsReply>(adminApiPaths.codSettings),
  });
}

export function useUpdateCodSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodSettingsBody) => adminApi.put<CodSettingsReply>(adminApiPaths.codSettings, body),
    onSuccess: (reply) => queryClient.setQueryData(codSettingsKey, { settings: reply.settings }),
  });
}
