import { StatusMessage } from '../../../components/status-message';
import { useAlertSettings } from '../../../features/alerts/api/get-alert-settings';
import { NewOrderEmailForm } from '../../../features/alerts/components/new-order-email-form';
import { PushOptIn } from '../../../features/alerts/components/push-opt-in';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** docs/product.md#staff-alerts: one's own alerts, by e-mail and on this device. */
export function AdminAlertsPage() {
  useDocumentTitle('Alerts');
  const settings = useAlertSettings();
  return (
    <>
      <h1>Alerts</h1>
      <p>How you hear of new orders and of orders that need attention. Your choices are yours alone.</p>
      {settings.isPending && <p role="status">Loading your alerts…</p>}
      {settings.isError && <StatusMessage status={{ kind: 'error', text: settings.error.message }} />}
      {settings.data && (
        <>
          <NewOrderEmailForm current={settings.data.newOrderEmail} />
          <PushOptIn publicKey={settings.data.push.publicKey} />
        </>
      )}
    </>
  );
}
