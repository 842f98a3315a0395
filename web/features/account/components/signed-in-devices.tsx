import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SignedInDevice } from '../../../../contracts/account';
import { formatDateTime } from '../../../../contracts/format';
import { Button } from '../../../components/button';
import { type Status, StatusMessage } from '../../../components/status-message';
import { sessionsQueryOptions } from '../api/get-sessions';
import { revokeSession } from '../api/revoke-session';
import { signOutEverywhere } from '../api/sign-out-everywhere';
import './account.css';

interface SignedInDevicesProps {
  /** This browser was signed out too: the app forgets the session and says why. */
  onSignedOut: (message: string) => void;
}

function DeviceRow({
  device,
  onSignOut,
  busy,
}: {
  device: SignedInDevice;
  onSignOut: () => void;
  busy: boolean;
}) {
  const id = useId();
  return (
    <li className="device-list__item">
      {/* Each Sign out button is described by its device, so a screen reader tells them apart. */}
      <div id={id}>
        <p className="device-list__name">
          {device.device}
          {device.current && <span className="device-list__current">This device</span>}
        </p>
        <p className="device-list__detail">
          Signed in {formatDateTime(device.signedInAt)}
          {device.ipAddress ? ` from ${device.ipAddress}` : ''}
        </p>
      </div>
      {!device.current && (
        <Button variant="secondary" disabled={busy} aria-describedby={id} onClick={onSignOut}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** docs/product.md#signed-in-devices: the account's live sessions; sign one out, or every one. */
export function SignedInDevices({ onSignedOut }: SignedInDevicesProps) {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setStatus(null);
    try {
      await action();
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  const signOutOne = (device: SignedInDevice) =>
    run(async () => {
      const reply = await revokeSession(device.id);
      await queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
      setStatus({ kind: 'success', text: reply.message });
    });

  const signOutAll = () =>
    run(async () => {
      const reply = await signOutEverywhere();
      onSignedOut(reply.message);
    });

  return (
    <section className="account-section" aria-labelledby="signed-in-devices-title">
      <h2 id="signed-in-devices-title">Signed-in devices</h2>
      {sessions.data ? (
        <ul className="device-list">
          {sessions.data.map((device) => (
            <DeviceRow key={device.id} device={device} busy={busy} onSignOut={() => signOutOne(device)} />
          ))}
        </ul>
      ) : sessions.isError ? (
        <p className="error-text" role="alert">
          {sessions.error.message}
        </p>
      ) : (
        <p role="status">Loading...</p>
      )}
      <StatusMessage status={status} />
      <Button variant="secondary" disabled={busy} onClick={signOutAll}>
        Sign out everywhere
      </Button>
    </section>
  );
}
