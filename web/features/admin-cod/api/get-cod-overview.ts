import { useQuery } from '@tanstack/react-query';
import type { CodOverview } from '../../../../contracts/cod-money';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { codKeys } from './cod-keys';

export function getCodOverview() {
  return adminApi.get<CodOverview>(adminApiPaths.cod);
}

export function useCodOverview() {
  return useQuery({ queryKey: codKeys.overview, queryFn: getCodOverview });
}
