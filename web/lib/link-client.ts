import { ApiError, apiClient, type Method, type RequestOptions, requestWith } from './api-client';

/** A client for the pages a message's link opens: as the link's shopper (its token in a header) or signed in. */
export interface LinkClient {
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<T>;
}

/**
 * docs/architecture.md#link-pages: a page opened from a message's link (a review request, a failed delivery) writes
 * as the link's shopper, sending its token in `header`; its 401 (an expired link) is the link's own message, not
 * a signed-out session. Without a token, the signed-in shopper's session does, with the shop's usual 401 rule.
 */
export function linkClient(header: string, linkToken: string | null): LinkClient {
  if (!linkToken) {
    return {
      request: <T>(method: Method, path: string, options: RequestOptions = {}) => {
        const { body, ...rest } = options;
        if (method === 'GET') return apiClient.get<T>(path, rest);
        if (method === 'DELETE') return apiClient.delete<T>(path, rest);
        if (method === 'PUT') return apiClient.put<T>(path, body, rest);
        return apiClient.post<T>(path, body, rest);
      },
    };
  }
  return {
    request: <T>(method: Method, path: string, options: RequestOptions = {}) =>
      requestWith<T>((serverMessage) => new ApiError(401, serverMessage ?? 'Please sign in.'), method, path, {
        ...options,
        headers: { ...options.headers, [header]: linkToken },
      }),
  };
}
