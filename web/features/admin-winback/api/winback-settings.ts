import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WinbackSettingsBody, WinbackSettingsReplySchema } from '../../../../contracts/winback';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

// docs/product.md#winback-settings: the console's checkout reminder settings.

export type WinbackSettingsReply = z.infer<typeof WinbackSettingsReplySchema>;

const winbackSettingsKey = ['admin', 'winback-settings'] as const;

export function useWinbackSettings() {
  return useQuery({
    queryKey: winbackSettingsKey,
    queryFn: () => adminApi.get<WinbackSettingsReply>(adminApiPaths.winbackSettings),
  });
}

export function useUpdateWinbackSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WinbackSettingsBody) =>
      adminApi.put<WinbackSettingsReply>(adminApiPaths.winbackSettings, body),
    onSuccess: (reply) => queryClient.setQueryData(winbackSettingsKey, { settings: reply.settings }),
  });
}
