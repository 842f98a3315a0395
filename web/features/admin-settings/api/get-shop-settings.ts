import { useQuery } from '@tanstack/react-query';
import type { ShopSettingsReply } from '../../../../contracts/shop-settings';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export const shopSettingsKey = ['admin', 'settings'] as const;

export function getShopSettings() {
  return adminApi.get<ShopSettingsReply>(adminApiPaths.settings);
}

export function useShopSettings() {
  return useQuery({ queryKey: shopSettingsKey, queryFn: getShopSettings });
}
