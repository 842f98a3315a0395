import { z } from 'zod';

export const ErrorReplySchema = z
  .object({
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    /** The request's id, as in the shop's log (docs/operations.md#request-ids). */
    requestId: z.string().optional(),
  })
  .meta({ id: 'ErrorReply' });

export type ErrorReply = z.infer<typeof ErrorReplySchema>;

/** A route's error replies for its schema, e.g. `response: { 200: Reply, ...errorReplies(400, 404) }`. */
export function errorReplies<S extends number>(...statuses: S[]): Record<S, typeof ErrorReplySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorReplySchema])) as Record<
    S,
    typeof ErrorReplySchema
  >;
}

export const HealthReplySchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  database: z.enum(['up', 'down']),
  /** Only when REDIS_URL is set; down means rate limits are counted per process (docs/operations.md#health-check). */
  redis: z.enum(['up', 'down']).optional(),
  message: z.string().optional(),
});

export type HealthReply = z.infer<typeof HealthReplySchema>;
