import { useMutation } from '@tanstack/react-query';
import type { StaffSetupBody } from '../../../../contracts/staff';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export function completeSetup(token: string, body: StaffSetupBody) {
  return adminApi.post<{ message: string; recoveryCodes: string[] }>(adminApiPaths.setup(token), body);
}

export function useCompleteSetup(token: string) {
  return useMutation({ mutationFn: (body: StaffSetupBody) => completeSetup(token, body) });
}
