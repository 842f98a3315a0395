import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminStatsReply, StatsRange } from '../../../../contracts/admin-stats';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export function getSalesStats(days: StatsRange) {
  return adminApi.get<AdminStatsReply>(adminApiPaths.stats(days));
}

export function useSalesStats(days: StatsRange) {
  // The last range stays on screen while the other loads: the charts redraw in place, open tables stay open.
  return useQuery({
    queryKey: ['admin', 'orders', 'stats', days],
    queryFn: () => getSalesStats(days),
    placeholderData: keepPreviousData,
  });
}
