import type { User } from '../../../contracts/auth';

/** docs/product.md#screens: the greeting uses firstName, else name, else 'User'. */
export function greetingName(user: Pick<User, 'firstName' | 'name'>): string {
  return user.firstName?.trim() || user.name?.trim() || 'User';
}
