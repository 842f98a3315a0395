/**
 * docs/architecture.md#signed-in-hint: a cookie the page can read, set beside the HttpOnly session cookie,
 * that only says "someone may be signed in here", so a visitor's page asks for no profile (and gets no 401).
 * It carries no secret: the session cookie alone authenticates.
 */
export const SIGNED_IN_HINT_COOKIE = 'mitten_signed_in';
