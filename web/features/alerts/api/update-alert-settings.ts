import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsReply, UpdateAlertSettingsBody } from '../../../../contracts/staff-alerts';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { alertSettingsKey } from './get-alert-settings';
import { staffAlertsKey } from './get-staff-alerts';

export function updateAlertSettings(body: UpdateAlertSettingsBody) {
  return adminApi.put<AlertSettingsReply>(adminApiPaths.alerts, body);
}

export function useUpdateAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertSettings,
    onSuccess: (reply) => {
      queryClient.setQueryData(alertSettingsKey, reply.settings);
      void queryClient.invalidateQueries({ queryKey: staffAlertsKey });
    },
  });
}
