export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  /** Well-formed, but a rule refuses it (a discount code that does not apply). */
  | 'unprocessable'
  | 'rate_limited'
  | 'challenge_required'
  | 'upstream_failed'
  | 'unavailable';

const statusByKind: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  // docs/architecture.md#bot-challenge: 428 Precondition Required, answered with a solved challenge.
  challenge_required: 428,
  // An outside service (Razorpay, Shiprocket) failed; 503 stays for this server being unable to serve.
  upstream_failed: 502,
  unavailable: 503,
};

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type of the API: its message is what the client shows (the texts of docs/product.md#messages where it has them). */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusByKind[kind];
  }
}
