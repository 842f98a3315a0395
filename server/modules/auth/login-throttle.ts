import { setTimeout as sleep } from 'node:timers/promises';
import { failureCounter } from '../challenge/failure-counter';

// docs/product.md#login: past these failures in 15 minutes a login also needs the bot challenge; nobody is
// locked out, so failures from many IPs cannot keep the owner out of the account.
export const loginFailures = failureCounter('login:', { account: 5, ip: 20 });

const DELAY_FROM_FAILURE = 3;
const MAX_DELAY_MS = 4_000;

/** 0 for the first few failures, then doubling from 250 ms up to 4 s: slow for a guesser, mild for a typo. */
export function failureDelayMs(failures: number): number {
  if (failures < DELAY_FROM_FAILURE) return 0;
  return Math.min(250 * 2 ** (failures - DELAY_FROM_FAILURE), MAX_DELAY_MS);
}

export function delayAfterFailure(failures: number, scale = 1): Promise<void> {
  const ms = failureDelayMs(failures) * scale;
  return ms > 0 ? sleep(ms) : Promise.resolve();
}
