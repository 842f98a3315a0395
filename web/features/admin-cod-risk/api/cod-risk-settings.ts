import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodRiskSettingsBody, CodRiskSettingsReply } from '../../../../contracts/cod-risk';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

// docs/product.md#cod-risk-rules: the console's COD risk rules.

const codRiskSettingsKey = ['admin', 'cod-risk-settings'] as const;

export function useCodRiskSettings() {
  return useQuery({
    queryKey: codRiskSettingsKey,
    queryFn: () => adminApi.get<CodRiskSettingsReply>(adminApiPaths.codRiskSettings),
  });
}

export function useUpdateCodRiskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodRiskSettingsBody) =>
      adminApi.put<CodRiskSettingsReply>(adminApiPaths.codRiskSettings, body),
    onSuccess: (reply) => {
      queryClient.setQueryData(codRiskSettingsKey, { settings: reply.settings });
      // The pincodes the rule blocks follow the settings.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'cod-risk'] });
    },
  });
}
