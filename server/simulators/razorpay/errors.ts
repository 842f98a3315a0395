/** Razorpay's error envelope (docs/architecture.md#razorpay): every field present, `null` where Razorpay has nothing to say. */
export interface RazorpayErrorEnvelope {
  error: {
    code: 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR';
    description: string;
    field: string | null;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
  };
}

/** A refusal the simulated API sends as Razorpay would: a status and its error envelope. */
export class SimulatedApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly envelope: RazorpayErrorEnvelope,
  ) {
    super(envelope.error.description);
    this.name = 'SimulatedApiError';
  }
}

export function badRequest(description: string, field: string | null = null): SimulatedApiError {
  return new SimulatedApiError(400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      field,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
    },
  });
}

export const unknownId = () => badRequest('The id provided does not exist');

export function unauthorized(description: string): SimulatedApiError {
  return new SimulatedApiError(401, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      field: null,
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
    },
  });
}

export const serverErrorEnvelope: RazorpayErrorEnvelope = {
  error: {
    code: 'SERVER_ERROR',
    description: 'The server encountered an error. The incident has been reported to admins.',
    field: null,
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
  },
};
