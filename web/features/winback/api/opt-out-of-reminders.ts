import { apiClient } from '../../../lib/api-client';
import { winbackApiPaths } from './winback-paths';

/** docs/product.md#winback-consent: no more checkout reminders, from a reminder's link (no sign-in). */
export function optOutOfReminders(token: string): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>(winbackApiPaths.optOut, { token });
}
