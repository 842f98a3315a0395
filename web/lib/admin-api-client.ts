import { messages } from '../../contracts/messages';
import { ApiError, type Method, requestWith, type UnauthorizedRule } from './api-client';

// The console's calls share the shop's transport (bot challenge included) but not its 401: the shop's sends
// the shopper to their own flow with one message, while the console's sign-in answers its own
// (docs/product.md#staff). A 401 on any other console call sends the member of staff to /admin/login.

let onSignedOut: () => void = () => {};

export function setAdminSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

function consoleUnauthorized(signInStep: boolean): UnauthorizedRule {
  return (serverMessage) => {
    if (!signInStep) onSignedOut();
    return new ApiError(401, serverMessage ?? messages.unauthorized);
  };
}

interface AdminOptions {
  /** A call of the sign-in form: its 401 is a failed step shown on the form, not a session that ended. */
  signInStep?: boolean;
  headers?: Record<string, string>;
}

function adminRequest<T>(
  method: Method,
  path: string,
  body: unknown,
  options: AdminOptions = {},
): Promise<T> {
  const { signInStep = false, ...rest } = options;
  return requestWith<T>(consoleUnauthorized(signInStep), method, path, { ...rest, body });
}

export const adminApi = {
  get: <T>(path: string) => adminRequest<T>('GET', path, undefined),
  post: <T>(path: string, body?: unknown, options?: AdminOptions) =>
    adminRequest<T>('POST', path, body ?? {}, options),
  patch: <T>(path: string, body: unknown) => adminRequest<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => adminRequest<T>('PUT', path, body),
  delete: <T>(path: string, body?: unknown) => adminRequest<T>('DELETE', path, body),
};
