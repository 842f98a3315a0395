import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrderReturnsReply,
  ReturnPhoto,
  ReturnReply,
  ReturnRequestBody,
} from '../../../../contracts/returns';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { orderApiPaths } from './order-paths';

/** docs/product.md#returns: whether "Return or replace" is offered on the order, and its returns. */
export function getOrderReturns(orderId: string, signal?: AbortSignal): Promise<OrderReturnsReply> {
  return apiClient.get<OrderReturnsReply>(orderApiPaths.returns(orderId), { signal });
}

export function useOrderReturns(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.returns(orderId),
    queryFn: ({ signal }) => getOrderReturns(orderId, signal),
    enabled,
  });
}

/** The shopper's request; its Idempotency-Key makes a second click the same request. */
export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ReturnRequestBody; key: string }) =>
      apiClient.post<ReturnReply>(orderApiPaths.returns(orderId), body, {
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.returns(orderId) }),
  });
}

/** One photo, the file itself as the body (not JSON): resized and kept by the server, named by its id. */
export async function uploadReturnPhoto(orderId: string, file: File): Promise<ReturnPhoto> {
  return (await apiClient.post<{ photo: ReturnPhoto }>(orderApiPaths.returnPhotos(orderId), file)).photo;
}
