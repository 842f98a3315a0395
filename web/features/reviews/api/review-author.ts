import { ApiError, apiClient, type Method, type RequestOptions, requestWith } from '../../../lib/api-client';

/** The header that carries a review link's token instead of a session (server/http/shop/reviews.ts). */
const REVIEW_LINK_HEADER = 'X-Review-Link';

export interface ReviewClient {
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<T>;
}

/**
 * docs/product.md#review-requests: the review link's page writes as the link's shopper, sending its token; its
 * 401 (an expired link) is the link's own message, not a signed-out session. Without a token, the signed-in
 * shopper's session does, with the shop's usual 401 rule.
 */
export function reviewClient(linkToken: string | null): ReviewClient {
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
        headers: { ...options.headers, [REVIEW_LINK_HEADER]: linkToken },
      }),
  };
}
