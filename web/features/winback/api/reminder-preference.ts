import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderPreference } from '../../../../contracts/winback';
import { apiClient } from '../../../lib/api-client';
import { winbackApiPaths } from './winback-paths';

// docs/product.md#winback-consent: the profile's switch of checkout reminders.

const preferenceKey = ['account', 'reminders'] as const;

export function useReminderPreference() {
  return useQuery({
    queryKey: preferenceKey,
    queryFn: ({ signal }) => apiClient.get<ReminderPreference>(winbackApiPaths.preference, { signal }),
  });
}

export function useUpdateReminderPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderPreference) =>
      apiClient.put<ReminderPreference & { message: string }>(winbackApiPaths.preference, body),
    onSuccess: (reply) => queryClient.setQueryData(preferenceKey, { optedOut: reply.optedOut }),
  });
}
