import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { whatsappMessages } from '../../../../contracts/whatsapp-rules';
import { setWhatsAppConsent, whatsappConsentQueryOptions } from '../api/whatsapp-consent';
import './account.css';

/**
 * docs/product.md#whatsapp-consent: the profile's box. Ticked, order updates go on WhatsApp to the account's
 * mobile; it says when the shopper stopped them by replying STOP.
 */
export function WhatsAppUpdates() {
  const queryClient = useQueryClient();
  const consent = useQuery(whatsappConsentQueryOptions);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(optIn: boolean) {
    setSaving(true);
    setError(null);
    try {
      queryClient.setQueryData(whatsappConsentQueryOptions.queryKey, await setWhatsAppConsent(optIn));
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
          onChange={(event) => void change(event.target.checked)}
          aria-describedby="whatsapp-updates-status"
        />
        {whatsappMessages.checkoutLabel}
      </label>
      <p id="whatsapp-updates-status" role="status">
        {data?.message ?? (consent.isError ? consent.error.message : '')}
      </p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
