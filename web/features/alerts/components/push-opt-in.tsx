import { useEffect, useState } from 'react';
import { staffAlertMessages } from '../../../../contracts/staff-alerts';
import { Button } from '../../../components/button';
import { type Status, StatusMessage } from '../../../components/status-message';
import { ApiError } from '../../../lib/api-client';
import { removePushSubscription } from '../api/remove-push-subscription';
import { savePushSubscription } from '../api/save-push-subscription';
import { browserPushDevice, PushBlockedError, type PushDevice, type PushDeviceState } from '../push-device';

interface PushOptInProps {
  /** The shop's VAPID public key; null when the shop has push off. */
  publicKey: string | null;
  device?: PushDevice;
}

function messageOf(error: unknown): string {
  if (error instanceof PushBlockedError) return staffAlertMessages.pushBlocked;
  // The API's refusals carry their own words; the browser's failures (no push service) do not.
  return error instanceof ApiError ? error.message : staffAlertMessages.pushFailed;
}

/**
 * docs/product.md#staff-alerts: "Notify me on this device" and "Stop on this device", per device, with the
 * reason when this device cannot have notifications.
 */
export function PushOptIn({ publicKey, device = browserPushDevice }: PushOptInProps) {
  const [state, setState] = useState<PushDeviceState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    let current = true;
    device
      .state()
      .then((found) => current && setState(found))
      .catch(() => current && setState('unsupported'));
    return () => {
      current = false;
    };
  }, [device]);

  async function turnOn(key: string) {
    setBusy(true);
    setStatus(null);
    try {
      const subscription = await device.subscribe(key);
      if (!subscription) return;
      try {
        const reply = await savePushSubscription(subscription);
        setState('on');
        setStatus({ kind: 'success', text: reply.message });
      } catch (error) {
        // The shop did not keep it: this device would wait for pushes that never come. Unless the device is
        // another member's: the browser's subscription is theirs, and undoing it would stop their alerts.
        const othersDevice =
          error instanceof ApiError && error.message === staffAlertMessages.deviceOfAnother;
        if (!othersDevice) await device.unsubscribe().catch(() => {});
        throw error;
      }
    } catch (error) {
      if (error instanceof PushBlockedError) setState('blocked');
      setStatus({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setStatus(null);
    try {
      const endpoint = await device.endpoint();
      const reply = endpoint
        ? await removePushSubscription(endpoint)
        : { message: staffAlertMessages.pushOff };
      await device.unsubscribe();
      setState('off');
      setStatus({ kind: 'success', text: reply.message });
    } catch (error) {
      setStatus({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  function body() {
    if (state === 'checking') return <p role="status">Checking this device…</p>;
    if (publicKey === null) return <p>{staffAlertMessages.pushUnavailable}</p>;
    if (state === 'unsupported') return <p>{staffAlertMessages.pushNotSupported}</p>;
    if (state === 'blocked') return <p>{staffAlertMessages.pushBlocked}</p>;
    if (state === 'on') {
      return (
        <>
          <p>Notifications are on for this device.</p>
          <Button variant="secondary" disabled={busy} onClick={() => void turnOff()}>
            Stop on this device
          </Button>
        </>
      );
    }
    return (
      <>
        <p>Notifications are off for this device.</p>
        <Button disabled={busy} onClick={() => void turnOn(publicKey)}>
          Notify me on this device
        </Button>
      </>
    );
  }

  return (
    <section className="admin-section" aria-labelledby="push-heading">
      <h2 id="push-heading">Notifications on this device</h2>
      <p className="admin-muted">
        A notification for each new order and each order that needs attention; opening it opens the order.
        Turn it on for each phone or computer you want them on.
      </p>
      {body()}
      <StatusMessage status={status} />
    </section>
  );
}
