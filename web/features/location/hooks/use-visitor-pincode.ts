import { useSyncExternalStore } from 'react';
import { PINCODE_PATTERN } from '../../../../contracts/pincode-format';
import { useSessionUser } from '../../../lib/session';
import { readStoredJson, storageKeys, writeStoredJson } from '../../../lib/storage';

// docs/product.md#delivery-promise: one pincode for the visitor, shared by every page that shows the line
// and kept across visits.
const listeners = new Set<() => void>();

function storedPincode(): string | undefined {
  const stored = readStoredJson(storageKeys.pincode);
  return typeof stored === 'string' && PINCODE_PATTERN.test(stored) ? stored : undefined;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function rememberPincode(pincode: string): void {
  writeStoredJson(storageKeys.pincode, pincode);
  for (const listener of listeners) listener();
}

/** The pincode the visitor last checked, else the signed-in shopper's address pincode. */
export function useVisitorPincode(): string | undefined {
  const user = useSessionUser();
  // The server renders without one; the browser's shows right after hydration, in the line's reserved space.
  const remembered = useSyncExternalStore(subscribe, storedPincode, () => undefined);
  const profilePincode = user?.pincode?.trim();
  return remembered ?? (profilePincode && PINCODE_PATTERN.test(profilePincode) ? profilePincode : undefined);
}
