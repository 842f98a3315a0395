import { z } from 'zod';

export const ErrorReplySchema = z
  .object({
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorReply' });

export type ErrorReply = z.infer<typeof ErrorReplySchema>;

export const HealthReplySchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  message: z.string().optional(),
});

export type HealthReply = z.infer<typeof HealthReplySchema>;
