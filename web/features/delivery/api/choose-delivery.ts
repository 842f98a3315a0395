import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NdrChoice, NdrView } from '../../../../contracts/ndr-rules';
import { ApiError } from '../../../lib/api-client';
import { type DeliveryClient, orderIdOf } from './delivery-client';
import { deliveryApiPaths } from './delivery-paths';
import { deliveryIssueKey } from './get-delivery-issue';

const REREAD_AFTER = new Set([404, 409, 410, 422]);

/** docs/product.md#failed-deliveries: the shopper's choice (deliver again on a day, or cancel); the reply is the view. */
export function chooseDelivery({ source, client }: DeliveryClient, choice: NdrChoice): Promise<NdrView> {
  return client.request<NdrView>('POST', deliveryApiPaths.choice(orderIdOf(source)), { body: choice });
}

export function useChooseDelivery(delivery: DeliveryClient) {
  const queryClient = useQueryClient();
  const key = deliveryIssueKey(delivery.source);
  return useMutation({
    mutationFn: (choice: NdrChoice) => chooseDelivery(delivery, choice),
    onSuccess: (view) => {
      queryClient.setQueryData(key, view);
      // My Orders and the order page show the choice too.
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (error) => {
      // A choice made meanwhile (by the shop, or on another phone), a deadline passed or a report closed: read
      // what stands now. A refused field (400) or a busy server changes nothing to read.
      if (error instanceof ApiError && REREAD_AFTER.has(error.status)) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
