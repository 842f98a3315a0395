import { accountBlockedMessage } from '../../../contracts/admin-customers';
import { AppError } from '../../errors';

/**
 * docs/product.md#customers: a blocked shopper is refused only once their credentials proved right, so the
 * refusal tells nothing to someone who does not hold them.
 */
export function assertNotBlocked(user: { blockedAt: Date | null }) {
  if (user.blockedAt) throw new AppError('forbidden', accountBlockedMessage);
}
