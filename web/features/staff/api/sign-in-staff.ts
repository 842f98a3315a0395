import type { StaffSignInBody, StaffSignInReply } from '../../../../contracts/staff';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

/** One step of the console's sign-in: the password, then the code (docs/product.md#staff). */
export function signInStaff(body: StaffSignInBody) {
  return adminApi.post<StaffSignInReply>(adminApiPaths.session, body, { signInStep: true });
}
