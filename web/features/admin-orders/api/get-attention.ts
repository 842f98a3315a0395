import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AttentionReplySchema } from '../../../../contracts/admin-orders';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { adminOrderKeys } from './admin-order-keys';

export type AttentionReply = z.infer<typeof AttentionReplySchema>;

export function getAttention() {
  return adminApi.get<AttentionReply>(adminApiPaths.attention);
}

export function useAttention() {
  return useQuery({ queryKey: adminOrderKeys.attention, queryFn: getAttention });
}
