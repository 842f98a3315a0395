import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from '../../../lib/router';
import { logOut } from '../api/log-out';
import { signOutLocally } from '../local-session';

/**
 * docs/product.md#behaviour Logout: ends the session on the server, forgets the user and the local cart and wishlist, and
 * goes to `to` (/ from the header, /login from the profile page).
 */
export function useLogOut(): (to: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    async (to: string) => {
      try {
        await logOut();
      } catch {
        // The session is forgotten here either way; a server that cannot be reached revokes it at expiry.
      }
      signOutLocally(queryClient);
      navigate(to);
    },
    [queryClient, navigate],
  );
}
