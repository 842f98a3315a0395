import { useQuery } from '@tanstack/react-query';
import type { WinbackReportReply } from '../../../../contracts/winback';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

/** docs/product.md#winback-report: reminders sent, checkouts recovered and their revenue, last 30 days. */
export function useWinbackReport() {
  return useQuery({
    queryKey: ['admin', 'winback-report'] as const,
    queryFn: () => adminApi.get<WinbackReportReply>(adminApiPaths.winbackReport),
  });
}
