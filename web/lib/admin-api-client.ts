import { ApiError, apiBase } from './api-client';

// The console's calls: the shop's client sends a 401 to the shopper's flow, and turns every 401 into one
// message, while the console's sign-in answers its own (docs/product.md#staff). A 401 on any other console
// call sends the member of staff to /admin/login.

const networkErrorMessage = 'Could not reach the shop. Please check your connection and try again.';

let onSignedOut: () => void = () => {};

export function setAdminSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface RequestOptions {
  signInStep?: boolean;
  /** Extra headers, such as a refund's Idempotency-Key (docs/product.md#http-api). */
  headers?: Record<string, string>;
}

async function adminRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        // docs/architecture.md#security: a state-changing request made with a cookie carries this header.
        ...(method === 'GET' ? {} : { 'X-Requested-With': 'fetch' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, networkErrorMessage);
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text === '' ? undefined : JSON.parse(text);
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const record = (payload ?? {}) as { message?: unknown; errors?: unknown };
    const message =
      typeof record.message === 'string' ? record.message : `The request failed (${response.status}).`;
    if (response.status === 401 && !options.signInStep) onSignedOut();
    throw new ApiError(
      response.status,
      message,
      Array.isArray(record.errors) ? (record.errors as { field: string; message: string }[]) : [],
    );
  }
  return payload as T;
}

export const adminApi = {
  get: <T>(path: string) => adminRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    adminRequest<T>('POST', path, body ?? {}, options),
  patch: <T>(path: string, body: unknown) => adminRequest<T>('PATCH', path, body),
  delete: <T>(path: string) => adminRequest<T>('DELETE', path),
};
