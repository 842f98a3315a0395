import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMessageActionReply } from '../../../../contracts/admin-inbox';
import { adminInboxKeys } from './admin-inbox-keys';

/** A change to one message: the message page shows the reply's thread at once, the lists are fetched again. */
export function useInboxAction<Input>(run: (input: Input) => Promise<AdminMessageActionReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (reply) => {
      queryClient.setQueryData(adminInboxKeys.message(reply.detail.message.id), reply.detail);
      return queryClient.invalidateQueries({ queryKey: adminInboxKeys.all });
    },
  });
}
