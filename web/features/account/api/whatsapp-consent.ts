import type { WhatsAppConsent } from '../../../../contracts/whatsapp';
import { apiClient } from '../../../lib/api-client';
import { accountApiPaths } from './account-paths';

/** docs/product.md#whatsapp-consent: whether order updates go on WhatsApp. */
export const whatsappConsentQueryOptions = {
  queryKey: ['account', 'whatsapp'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<WhatsAppConsent>(accountApiPaths.whatsapp, { signal }),
};

export function setWhatsAppConsent(optIn: boolean): Promise<WhatsAppConsent> {
  return apiClient.put<WhatsAppConsent>(accountApiPaths.whatsapp, { optIn });
}
