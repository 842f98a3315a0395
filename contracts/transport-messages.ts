// What every call to the API may answer (docs/product.md#messages), apart from the other texts: the first
// load's client needs only these (docs/operations.md#performance-budget). `messages` includes them.

export const transportMessages = {
  unauthorized: 'Unauthorized. Please login again.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again later.',
  requestFailed: 'Request failed',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  /** A failure nobody explained quotes its request id (docs/operations.md#request-ids). */
  withReference: (message: string, requestId: string) => `${message} Reference: ${requestId}`,
} as const;
