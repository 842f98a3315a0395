import type { PushSubscriptionBody } from '../../../contracts/staff-alerts';

// docs/architecture.md#staff-alerts: this browser's side of "Notify me on this device". The console's service
// worker is registered only here, when the member asks, and only for the console's pages.

const WORKER_URL = '/admin/push-worker.js';
const SCOPE = '/admin/';

/** What this device can do now: `blocked` when the browser's permission for the site is "deny". */
export type PushDeviceState = 'unsupported' | 'blocked' | 'on' | 'off';

export interface PushDevice {
  state(): Promise<PushDeviceState>;
  /** Asks the browser's permission and subscribes; null when the member dismissed the browser's question. */
  subscribe(publicKey: string): Promise<PushSubscriptionBody | null>;
  /** The endpoint of this device's subscription, if it has one. */
  endpoint(): Promise<string | null>;
  unsubscribe(): Promise<void>;
}

export class PushBlockedError extends Error {}

function isSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A base64url VAPID key as the bytes `applicationServerKey` takes everywhere. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

export const browserPushDevice: PushDevice = {
  async state() {
    if (!isSupported()) return 'unsupported';
    if (Notification.permission === 'denied') return 'blocked';
    return (await currentSubscription()) ? 'on' : 'off';
  },
  async subscribe(publicKey) {
    const permission = await Notification.requestPermission();
    if (permission === 'denied') throw new PushBlockedError();
    if (permission !== 'granted') return null;
    await navigator.serviceWorker.register(WORKER_URL, { scope: SCOPE });
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    return bodyOf(subscription);
  },
  async endpoint() {
    return (await currentSubscription())?.endpoint ?? null;
  },
  async unsubscribe() {
    await (await currentSubscription())?.unsubscribe();
  },
};
