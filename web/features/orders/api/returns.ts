import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrderReturnsReply,
  ReturnPhoto,
  ReturnReply,
  ReturnRequestBody,
} from '../../../../contracts/returns';
import { ApiError, apiBase, apiClient } from '../../../lib/api-client';
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

function messageOf(payload: unknown, status: number): string {
  if (typeof payload === 'object' && payload !== null && 'message' in payload) {
    const { message } = payload as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return `The upload failed (${status}). Please try again.`;
}

/** One photo, the file itself as the body (not JSON): resized and kept by the server, named by its id. */
export async function uploadReturnPhoto(orderId: string, file: File): Promise<ReturnPhoto> {
  const response = await fetch(`${apiBase}${orderApiPaths.returnPhotos(orderId)}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': file.type || 'application/octet-stream',
      'X-Requested-With': 'fetch',
    },
    body: file,
    credentials: 'same-origin',
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, messageOf(payload, response.status));
  return (payload as { photo: ReturnPhoto }).photo;
}
