import { useSessionKeeper } from '../hooks/use-session-keeper';

/** Keeps the signed-in user in step with the server's session (mounted once, inside the router). */
export function SessionKeeper() {
  useSessionKeeper();
  return null;
}
