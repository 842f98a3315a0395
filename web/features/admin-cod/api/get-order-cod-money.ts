import { useQuery } from '@tanstack/react-query';
import type { CodOrderMoney } from '../../../../contracts/cod-money';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { codKeys } from './cod-keys';

export function getOrderCodMoney(orderId: string) {
  return adminApi.get<CodOrderMoney>(adminApiPaths.orderCod(orderId));
}

export function useOrderCodMoney(orderId: string) {
  return useQuery({ queryKey: codKeys.order(orderId), queryFn: () => getOrderCodMoney(orderId) });
}
