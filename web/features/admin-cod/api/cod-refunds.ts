import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodPaidElsewhereBody, CodPayoutBody, CodRefundReply } from '../../../../contracts/cod-money';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { codKeys } from './cod-keys';

interface Keyed {
  orderId: string;
  /** One per dialog opening, so that a repeated press refunds once (docs/product.md#http-api). */
  idempotencyKey: string;
}

export function payOutRefund({ orderId, idempotencyKey, ...body }: Keyed & CodPayoutBody) {
  return adminApi.post<CodRefundReply>(adminApiPaths.orderCodAction(orderId, 'payouts'), body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function recordPaidElsewhere({ orderId, idempotencyKey, ...body }: Keyed & CodPaidElsewhereBody) {
  return adminApi.post<CodRefundReply>(
    adminApiPaths.orderCodAction(orderId, 'refunds-paid-elsewhere'),
    body,
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
}

function useCodRefund<Input>(run: (input: Input) => Promise<CodRefundReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // The order's payment status, its credit notes and the COD figures all move.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: codKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] }),
      ]),
  });
}

export const usePayOutRefund = () => useCodRefund(payOutRefund);
export const useRecordPaidElsewhere = () => useCodRefund(recordPaidElsewhere);
