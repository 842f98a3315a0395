import { useQuery } from '@tanstack/react-query';
import type { AlertSettings } from '../../../../contracts/staff-alerts';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export const alertSettingsKey = ['admin', 'alerts'] as const;

export function getAlertSettings() {
  return adminApi.get<AlertSettings>(adminApiPaths.alerts);
}

export function useAlertSettings() {
  return useQuery({ queryKey: alertSettingsKey, queryFn: getAlertSettings });
}
