import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, SimulatedApiError, serverErrorEnvelope } from './errors';

/** Replies to every failure of the simulated API in Razorpay's envelope, not the shop's. */
export function razorpayErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof SimulatedApiError) return reply.code(error.statusCode).send(error.envelope);
  const status = error.statusCode ?? 500;
  // Malformed JSON, a wrong content type, a body too large: Razorpay calls all of these a bad request.
  if (status < 500) return reply.code(400).send(badRequest(error.message).envelope);
  request.log.error({ err: error }, 'the Razorpay simulator failed');
  return reply.code(500).send(serverErrorEnvelope);
}
