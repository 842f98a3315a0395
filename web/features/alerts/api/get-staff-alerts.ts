import { useQuery } from '@tanstack/react-query';
import type { StaffAlertsList } from '../../../../contracts/staff-alerts';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export const staffAlertsKey = ['admin', 'alerts', 'staff'] as const;

export function getStaffAlerts() {
  return adminApi.get<StaffAlertsList>(adminApiPaths.staffAlerts);
}

export function useStaffAlerts() {
  return useQuery({ queryKey: staffAlertsKey, queryFn: getStaffAlerts });
}
