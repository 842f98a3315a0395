import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCustomerActionReply } from '../../../../contracts/admin-customers';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { adminCustomerKeys } from './admin-customer-keys';

export type CustomerAction = 'sign-out' | 'block' | 'unblock';

export function runCustomerAction(input: { customerId: string; action: CustomerAction; reason?: string }) {
  const body = input.action === 'sign-out' ? undefined : { reason: input.reason || undefined };
  return adminApi.post<AdminCustomerActionReply>(
    adminApiPaths.customerAction(input.customerId, input.action),
    body,
  );
}

/** Sign out everywhere, block or unblock: on success the customer and the lists are fetched again. */
export function useCustomerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCustomerAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCustomerKeys.all }),
  });
}
