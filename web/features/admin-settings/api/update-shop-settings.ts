import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopSettingsBody, ShopSettingsReply } from '../../../../contracts/shop-settings';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { shopSettingsKey } from './get-shop-settings';

export function updateShopSettings(body: ShopSettingsBody) {
  return adminApi.put<ShopSettingsReply>(adminApiPaths.settings, body);
}

export function useUpdateShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShopSettings,
    onSuccess: (reply) => queryClient.setQueryData(shopSettingsKey, { settings: reply.settings }),
  });
}
