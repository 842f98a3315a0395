import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WhatsAppConsentBody } from '../../../../contracts/whatsapp';
import { whatsappMessages } from '../../../../contracts/whatsapp-rules';
import { setWhatsAppConsent, whatsappConsentQueryOptions } from '../api/whatsapp-consent';
import './account.css';

/**
 * docs/product.md#whatsapp-consent: the profile's two boxes. Ticked, order updates (the first) or checkout
 * reminders and back-in-stock notices (the second) go on WhatsApp to the account's mobile; each says when the
 * shopper stopped it by replying STOP. Both off until ticked.
 */
export function WhatsAppUpdates() {
  const queryClient = useQueryClient();
  const consent = useQuery(whatsappConsentQueryOptions);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(body: WhatsAppConsentBody) {
    setSaving(true);
    setError(null);
    try {
      queryClient.setQueryData(whatsappConsentQueryOptions.queryKey, await setWhatsAppConsent(body));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  const data = consent.data;
  return (
    <section className="account-section" aria-labelledby="whatsapp-updates-title">
      <h2 id="whatsapp-updates-title">{whatsappMessages.profileLabel}</h2>
      <label className="account-section__check">
        <input
          type="checkbox"
          checked={data?.status === 'opted_in'}
          disabled={!data || saving}
          onChange={(event) => void change({ optIn: event.target.checked })}
          aria-describedby="whatsapp-updates-status"
        />
        {whatsappMessages.checkoutLabel}
      </label>
      <p id="whatsapp-updates-status" role="status">
        {data?.message ?? (consent.isError ? consent.error.message : '')}
      </p>
      <label className="account-section__check">
        <input
          type="checkbox"
          checked={data?.marketing.status === 'opted_in'}
          disabled={!data || saving}
          onChange={(event) => void change({ marketing: event.target.checked })}
          aria-describedby="whatsapp-marketing-status"
        />
        {whatsappMessages.marketingLabel}
      </label>
      <p id="whatsapp-marketing-status" role="status">
        {data?.marketing.message ?? ''}
      </p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
