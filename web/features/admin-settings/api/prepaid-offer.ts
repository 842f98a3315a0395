import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrepaidOfferBody, PrepaidOfferReply } from '../../../../contracts/prepaid-offer';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

// docs/product.md#prepaid-offer: the console's prepaid offer.

const prepaidOfferKey = ['admin', 'prepaid-offer'] as const;

export function usePrepaidOffer() {
  return useQuery({
    queryKey: prepaidOfferKey,
    queryFn: () => adminApi.get<PrepaidOfferReply>(adminApiPaths.prepaidOffer),
  });
}

export function useUpdatePrepaidOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrepaidOfferBody) => adminApi.put<PrepaidOfferReply>(adminApiPaths.prepaidOffer, body),
    onSuccess: (reply) => queryClient.setQueryData(prepaidOfferKey, { settings: reply.settings }),
  });
}
