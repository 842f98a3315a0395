import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminNdrAction, NdrView } from '../../../../contracts/ndr-rules';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { ndrKeys } from './ndr-keys';

/** The reply is the delivery as the shopper's page shows it, with the choice now made. */
export function actForShopper(reportId: string, action: AdminNdrAction): Promise<NdrView> {
  return adminApi.post<NdrView>(adminApiPaths.ndrAction(reportId), action);
}

/**
 * docs/product.md#failed-deliveries: a staff member's choice for the shopper after a call, with its note (audited).
 * Both tabs and the dashboard's rates are read again, so the row shows the choice and may move to Closed.
 */
export function useActForShopper(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminNdrAction) => actForShopper(reportId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ndrKeys.all }),
  });
}
