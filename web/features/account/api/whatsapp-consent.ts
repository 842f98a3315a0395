import type { WhatsAppConsent, WhatsAppConsentBody } from '../../../../contracts/whatsapp';
import { apiClient } from '../../../lib/api-client';
import { accountApiPaths } from './account-paths';

/** docs/product.md#whatsapp-consent: whether order updates, and reminders and offers, go on WhatsApp. */
export const whatsappConsentQueryOptions = {
  queryKey: ['account', 'whatsapp'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<WhatsAppConsent>(accountApiPaths.whatsapp, { signal }),
};

/** One box's change: `optIn` the order updates, `marketing` the reminders and offers. */
export function setWhatsAppConsent(change: WhatsAppConsentBody): Promise<WhatsAppConsent> {
  return apiClient.put<WhatsAppConsent>(accountApiPaths.whatsapp, change);
}
