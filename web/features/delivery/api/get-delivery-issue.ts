import { useQuery } from '@tanstack/react-query';
import type { NdrView } from '../../../../contracts/ndr-rules';
import { type DeliveryClient, type DeliverySource, orderIdOf } from './delivery-client';
import { deliveryApiPaths } from './delivery-paths';

/** docs/product.md#failed-deliveries: the order's latest failed delivery, with what may still be chosen. */
export function getDeliveryIssue({ source, client }: DeliveryClient, signal?: AbortSignal): Promise<NdrView> {
  return client.request<NdrView>('GET', deliveryApiPaths.issue(orderIdOf(source)), { signal });
}

export const deliveryIssueKey = (source: DeliverySource) =>
  ['delivery-issue', source.kind, source.kind === 'link' ? source.token : source.orderId] as const;

export function useDeliveryIssue(delivery: DeliveryClient, enabled: boolean) {
  return useQuery({
    queryKey: deliveryIssueKey(delivery.source),
    queryFn: ({ signal }) => getDeliveryIssue(delivery, signal),
    enabled,
    // A refusal (an expired link, no failed delivery) is an answer, not a hiccup to retry.
    retry: false,
  });
}
