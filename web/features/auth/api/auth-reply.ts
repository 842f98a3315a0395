import type { z } from 'zod';
import type { AuthReplySchema } from '../../../../contracts/auth';

/**
 * Signup, login and Google replies. The browser app's session is the HttpOnly cookie the server sets, so the
 * reply carries the user but no token; a reply without a user means nobody is signed in yet.
 */
export type AuthReply = Partial<z.infer<typeof AuthReplySchema>>;
