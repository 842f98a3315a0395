import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyMeApiPath } from '../../../../contracts/notify-me-rules';
import type { NotifyMeReply } from '../../../../contracts/winback';
import { apiClient } from '../../../lib/api-client';

// docs/product.md#notify-me: whether the shopper is on a product's back-in-stock list; joining and leaving it.

export const notifyMeKey = (productId: number) => ['products', productId, 'notify-me'] as const;

export function getNotifyMe(productId: number, signal?: AbortSignal): Promise<NotifyMeReply> {
  return apiClient.get<NotifyMeReply>(notifyMeApiPath(productId), { signal });
}

export function useNotifyMe(productId: number, enabled: boolean) {
  return useQuery({
    queryKey: notifyMeKey(productId),
    queryFn: ({ signal }) => getNotifyMe(productId, signal),
    enabled,
  });
}

/** Joins (a channel) or leaves (null) the list; the reply is the list's new state. */
export function useChangeNotifyMe(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: 'email' | 'sms' | 'whatsapp' | null) =>
      channel
        ? apiClient.post<NotifyMeReply>(notifyMeApiPath(productId), { channel })
        : apiClient.delete<NotifyMeReply>(notifyMeApiPath(productId)),
    onSuccess: (reply) => queryClient.setQueryData(notifyMeKey(productId), reply),
  });
}
