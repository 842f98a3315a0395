import type { z } from 'zod';
import type { ProfileReplySchema, ProfileUpdate, User } from '../../../../contracts/auth';
import { apiClient } from '../../../lib/api-client';

const profilePath = '/auth/profile';

type ProfileReply = z.infer<typeof ProfileReplySchema>;

/** docs/product.md#http-api PUT /auth/profile: a partial profile; e-mail cannot change. */
export async function updateProfile(update: ProfileUpdate): Promise<User> {
  const reply = await apiClient.put<Partial<ProfileReply>>(profilePath, update);
  return (reply.user ?? reply) as User;
}
