import { useQuery } from '@tanstack/react-query';
import type { CodOverview } from '../../../../contracts/cod-money';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { codKeys } from './cod-keys';

export function getCodOverview() {
  return adminApi.get<CodOverview>(adminApiPaths.cod);
}

// docs/product.md#cod-remittances: while an import runs in the background, its progress is read again this often.
const IMPORT_PROGRESS_EVERY_MS = 2_000;

const importing = (overview: CodOverview | undefined) =>
  overview?.imports.some((entry) => entry.status === 'queued' || entry.status === 'running') ?? false;

export function useCodOverview() {
  return useQuery({
    queryKey: codKeys.overview,
    queryFn: getCodOverview,
    refetchInterval: (query) => (importing(query.state.data) ? IMPORT_PROGRESS_EVERY_MS : false),
  });
}
