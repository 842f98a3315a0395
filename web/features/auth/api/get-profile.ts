import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProfileReplySchema, User } from '../../../../contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';

type ProfileReply = z.infer<typeof ProfileReplySchema>;

/** docs/product.md#entities: the profile may come flat or under `user`; both are accepted. */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  const reply = await apiClient.get<Partial<ProfileReply>>(authApiPaths.profile, { signal });
  return (reply.user ?? reply) as User;
}

export const profileQueryOptions = queryOptions({
  queryKey: ['auth', 'profile'],
  queryFn: ({ signal }) => getProfile(signal),
  retry: false,
});
