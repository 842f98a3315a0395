import { useQuery } from '@tanstack/react-query';
import type { CodRiskOverview } from '../../../../contracts/cod-risk';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

/** docs/product.md#cod-risk-rules: RTO rate by pincode and which rule refused whom. */
export function useCodRisk() {
  return useQuery({
    queryKey: ['admin', 'cod-risk'] as const,
    queryFn: () => adminApi.get<CodRiskOverview>(adminApiPaths.codRisk),
  });
}
