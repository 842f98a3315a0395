import type { ResumeCheckoutReply } from '../../../../contracts/winback';
import { apiClient } from '../../../lib/api-client';
import { winbackApiPaths } from './winback-paths';

/** docs/product.md#winback-links: the reminder's cart and code back in the shopper's cart; where to go next. */
export function resumeCheckout(token: string): Promise<ResumeCheckoutReply> {
  return apiClient.post<ResumeCheckoutReply>(winbackApiPaths.resume, { token });
}
