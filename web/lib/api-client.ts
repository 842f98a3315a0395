import { accountBlockedMessage } from '../../contracts/account-blocked';
import { CHALLENGE_HEADER } from '../../contracts/challenge';
import { transportMessages as messages } from '../../contracts/transport-messages';

// The app reads the API base from its config (docs/architecture.md#api: the API lives under /api on the same origin).
export const apiBase = import.meta.env.VITE_API_BASE ?? '/api';

const networkErrorMessage = 'Could not reach the shop. Please check your connection and try again.';

export interface FieldError {
  field: string;
  message: string;
}

/** Every failed call ends here, carrying the HTTP status (0 when the network failed) and the documented message (docs/product.md#messages). */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: readonly FieldError[];
  /** The server's id for a failed request (a 5xx), which the message also quotes for the shopper to pass on. */
  readonly requestId: string | undefined;

  constructor(status: number, message: string, fieldErrors: readonly FieldError[] = [], requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.requestId = requestId;
  }
}

/** Given the server's message: the documented 401's, or why a blocked shopper's session ended. */
let handleUnauthorized: (serverMessage: string | undefined) => void = () => {};

/**
 * docs/product.md#messages: a 401 clears the session and redirects to /. The app registers what that means at start
 * (web/features/auth/hooks/use-session-keeper.ts), as the client knows nothing of sessions or routes.
 */
export function setUnauthorizedHandler(handler: (serverMessage: string | undefined) => void): void {
  handleUnauthorized = handler;
}

/** Given the 428's message, resolves with a solved bot challenge (the X-Altcha payload) or rejects. */
export type ChallengeHandler = (message: string) => Promise<string>;

let handleChallenge: ChallengeHandler | undefined;

/**
 * docs/architecture.md#bot-challenge: a 428 asks for a solved challenge; the app registers what asks the
 * shopper (web/components/bot-challenge), and the request is sent once more with the solution.
 */
export function setChallengeHandler(handler: ChallengeHandler | undefined): void {
  handleChallenge = handler;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** The solved bot challenge, on the one retry after a 428. */
  challengeSolution?: string;
  /** Headers a call needs beyond the transport's own, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function textField(payload: unknown, field: string): string | undefined {
  if (!isRecord(payload)) return undefined;
  const value = payload[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function fieldErrorsOf(payload: unknown): FieldError[] {
  if (!isRecord(payload) || !Array.isArray(payload.errors)) return [];
  return payload.errors.filter(
    (entry): entry is FieldError =>
      isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string',
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  // A file (a product image, a return's photo) goes as the body itself, with its own type; anything else as JSON.
  const { body } = options;
  const file = body instanceof Blob;
  if (body !== undefined)
    headers['Content-Type'] = file ? body.type || 'application/octet-stream' : 'application/json';
  // docs/architecture.md#security: a state-changing request made with the session cookie carries a custom header.
  if (method !== 'GET') headers['X-Requested-With'] = 'fetch';
  if (options.challengeSolution !== undefined) headers[CHALLENGE_HEADER] = options.challengeSolution;
  try {
    return await fetch(`${apiBase}${path}`, {
      method,
      headers,
      body: file || body === undefined ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, networkErrorMessage);
  }
}

/** What a 401 means to the caller (given the server's message): the shop's and the console's differ. */
export type UnauthorizedRule = (serverMessage: string | undefined) => ApiError;

const shopperUnauthorized: UnauthorizedRule = (serverMessage) => {
  handleUnauthorized(serverMessage);
  // docs/product.md#customers: a blocked shopper is told why, not only signed out.
  return new ApiError(401, serverMessage === accountBlockedMessage ? serverMessage : messages.unauthorized);
};

/**
 * The transport rules (docs/product.md#messages), applied to every call in one place; the shop's client and
 * the console's (web/lib/admin-api-client.ts) differ only in their 401 rule.
 */
export async function requestWith<T>(
  onUnauthorized: UnauthorizedRule,
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, options);
  const payload = await readBody(response);

  if (response.status === 401) throw onUnauthorized(textField(payload, 'message'));
  if (response.status === 503) throw new ApiError(503, messages.serviceUnavailable);
  if (!response.ok) {
    const message =
      textField(payload, 'message') ?? textField(payload, 'error') ?? messages.httpError(response.status);
    if (response.status === 428 && handleChallenge && options.challengeSolution === undefined) {
      return retryWithSolution<T>(handleChallenge, message, onUnauthorized, method, path, options);
    }
    if (response.status === 500 || (response.status > 500 && textField(payload, 'message') === undefined)) {
      throw unexplainedFailure(response, payload, message);
    }
    throw new ApiError(response.status, message, fieldErrorsOf(payload));
  }
  if (isRecord(payload) && payload.status === 'error') {
    throw new ApiError(response.status, textField(payload, 'message') ?? messages.requestFailed);
  }
  // The server validates its replies against the contracts' schemas; parsing them again here would put zod
  // into the home page's bundle (docs/operations.md#performance-budget).
  return payload as T;
}

/**
 * docs/operations.md#request-ids: a failure nobody explained (the shop's 500, or a proxy's 502 with no message
 * of the shop's) quotes the request's id, so the shopper's "something went wrong" can be found in the log.
 * A 5xx in the shop's own words ("Failed to initialize payment") is a provider's failure, said as such.
 */
function unexplainedFailure(response: Response, payload: unknown, message: string): ApiError {
  const requestId = textField(payload, 'requestId') ?? response.headers.get('x-request-id') ?? undefined;
  if (requestId === undefined) return new ApiError(response.status, message);
  return new ApiError(response.status, messages.withReference(message, requestId), [], requestId);
}

async function retryWithSolution<T>(
  handler: ChallengeHandler,
  message: string,
  onUnauthorized: UnauthorizedRule,
  method: Method,
  path: string,
  options: RequestOptions,
): Promise<T> {
  let challengeSolution: string;
  try {
    challengeSolution = await handler(message);
  } catch {
    // The shopper closed the check: the request fails with the server's own words.
    throw new ApiError(428, message);
  }
  return requestWith<T>(onUnauthorized, method, path, { ...options, challengeSolution });
}

const request = <T>(method: Method, path: string, options?: RequestOptions) =>
  requestWith<T>(shopperUnauthorized, method, path, options);

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
