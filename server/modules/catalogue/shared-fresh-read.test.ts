import { describe, expect, it, vi } from 'vitest';
import { sharedFreshRead } from './service';

/** A read whose calls are counted and each finish only when the test says so. */
function controlledRead() {
  const pending: ((value: number) => void)[] = [];
  let calls = 0;
  const read = () => {
    calls += 1;
    const call = calls;
    return new Promise<number>((resolve) => pending.push(() => resolve(call)));
  };
  return { read, finishNext: () => pending.shift()?.(0), calls: () => calls };
}

describe('a read shared by the callers that arrive while it runs', () => {
  it('serves a caller arriving mid-read from the next read, one read for all who arrived meanwhile', async () => {
    const control = controlledRead();
    const fresh = sharedFreshRead(control.read);
    const first = fresh();
    const [second, third] = [fresh(), fresh()];
    expect(control.calls()).toBe(1);
    control.finishNext();
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(control.calls()).toBe(2));
    control.finishNext();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it('starts a new read for a caller arriving when none runs', async () => {
    const control = controlledRead();
    const again = sharedFreshRead(control.read);
    const one = again();
    control.finishNext();
    await one;
    const two = again();
    control.finishNext();
    expect(await two).toBe(2);
  });
});
