import type { User } from '../../../contracts/auth';

/** docs/product.md#screens Profile: uppercase initials of first and last name, else the e-mail's first letter, else '?'. */
export function avatarInitials(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const initials = [user.firstName, user.lastName].map((name) => name?.trim().charAt(0) ?? '').join('');
  if (initials !== '') return initials.toUpperCase();
  const emailInitial = user.email?.trim().charAt(0) ?? '';
  return emailInitial !== '' ? emailInitial.toUpperCase() : '?';
}
