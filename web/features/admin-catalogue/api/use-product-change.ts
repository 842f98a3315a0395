import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductReply } from '../../../../contracts/admin-catalogue';
import { catalogueKeys } from './catalogue-keys';

/** A change to a product: on success its page shows the reply and the lists are fetched again. */
export function useProductChange<Input>(run: (input: Input) => Promise<AdminProductReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (reply) => {
      queryClient.setQueryData(catalogueKeys.product(reply.product.id), { product: reply.product });
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
