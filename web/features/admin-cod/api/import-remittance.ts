import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemittanceImportReply } from '../../../../contracts/cod-money';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { codKeys } from './cod-keys';

export function importRemittance(csv: string) {
  return adminApi.post<RemittanceImportReply>(adminApiPaths.codRemittances, { csv });
}

/** docs/operations.md#cod-remittances: the simulator's remittance cycle, imported at once. */
export function simulateRemittance(shortByPaise?: number) {
  return adminApi.post<RemittanceImportReply>(
    adminApiPaths.codSimulateRemittance,
    shortByPaise ? { shortByPaise } : {},
  );
}

function useCodImport<Input, Reply>(run: (input: Input) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Imports move orders out of "due", raise flags and change the dashboard's figures.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: codKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] }),
      ]),
  });
}

export const useImportRemittance = () => useCodImport(importRemittance);

/** docs/product.md#cod-remittances: an owner's "Mark as checked" on a mismatched line. */
export function checkMismatch(lineId: string) {
  return adminApi.post<{ message: string }>(adminApiPaths.codCheckMismatch(lineId), {});
}

export const useCheckMismatch = () => useCodImport(checkMismatch);
export const useSimulateRemittance = () => useCodImport(simulateRemittance);
