import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '../../../../contracts/admin-orders';
import { adminOrderKeys } from './admin-order-keys';

export interface AdminActionReply {
  message: string;
  order: AdminOrderDetail;
}

/** An action on one order: on success the order, the lists and the dashboard are fetched again. */
export function useOrderAction<Input>(run: (input: Input) => Promise<AdminActionReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}
