import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../contracts/auth';
import { SIGNED_IN_HINT_COOKIE } from '../../../../contracts/session-hint';
import { MemoryRouter, Route, Routes, useLocation } from '../../../lib/router';
import { getSessionUser, setSessionUser } from '../../../lib/session';
import { readStoredJson, storageKeys, writeStoredJson } from '../../../lib/storage';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { aUser } from '../../../test/users';
import { SessionKeeper } from './session-keeper';

/** The cookie the server sets at sign-in (docs/architecture.md#signed-in-hint). */
function setHintCookie(present: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's Set-Cookie.
  document.cookie = present
    ? `${SIGNED_IN_HINT_COOKIE}=1; path=/`
    : // A date in the past, not max-age=0: happy-dom keeps a cookie that expires "now" until the clock ticks.
      `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** The profile endpoint as the test sets it: each read gets the current answer. */
function stubProfileApi(initial: { status: number; body?: unknown }) {
  let answer = initial;
  const fetchMock = vi.fn(async (url: string) => {
    if (url !== '/api/auth/profile') throw new Error(`unexpected call to ${url}`);
    const { status, body } = answer;
    // Only what the API client reads of a response.
    return {
      status,
      ok: status >= 200 && status < 300,
      text: async () => (body === undefined ? '' : JSON.stringify(body)),
    } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    reads: () => fetchMock.mock.calls.length,
    answer: (next: { status: number; body?: unknown }) => {
      answer = next;
    },
  };
}

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderKeeper(path: string) {
  const { wrapper: QueryWrapper } = createQueryWrapper();
  return render(
    <QueryWrapper>
      <MemoryRouter initialEntries={[path]}>
        <SessionKeeper />
        <Routes>
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </MemoryRouter>
    </QueryWrapper>,
  );
}

/** Lets the timers due within `ms` fire, and the reads they start finish. */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const profileReply = (user: User) => ({ status: 200, body: { ...user, user } });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setSessionUser(null);
  setHintCookie(false);
});

describe('SessionKeeper', () => {
  it('signs in a browser whose cookie has a session, though nothing was stored', async () => {
    const user = aUser({ firstName: 'Meera' });
    setHintCookie(true);
    stubProfileApi(profileReply(user));
    renderKeeper('/');
    await elapse(0);
    expect(getSessionUser()).toEqual(user);
  });

  it("reads a signed-in shopper's profile at start, 1 s later and then every 5 minutes", async () => {
    const user = aUser();
    setSessionUser(user);
    const api = stubProfileApi(profileReply(user));
    renderKeeper('/');

    await elapse(0);
    expect(api.reads()).toBe(1);
    await elapse(999);
    expect(api.reads()).toBe(1);
    await elapse(1);
    expect(api.reads()).toBe(2);
    await elapse(300_000 - 1000 - 1);
    expect(api.reads()).toBe(2);
    await elapse(1);
    expect(api.reads()).toBe(3);
    await elapse(300_000);
    expect(api.reads()).toBe(4);
  });

  it('reads an incomplete profile once more after 1 s, not every second', async () => {
    const user = aUser({ city: '', pincode: '' });
    setSessionUser(user);
    const api = stubProfileApi(profileReply(user));
    renderKeeper('/');

    await elapse(1000);
    expect(api.reads()).toBe(2);
    await elapse(1000);
    expect(api.reads()).toBe(3);
    await elapse(100_000);
    expect(api.reads()).toBe(3);
  });

  it('follows the profile the server holds', async () => {
    const user = aUser({ city: 'Pune' });
    setSessionUser(user);
    const api = stubProfileApi(profileReply(user));
    renderKeeper('/');
    await elapse(0);

    api.answer(profileReply({ ...user, city: 'Mumbai' }));
    await elapse(1000);
    expect(getSessionUser()?.city).toBe('Mumbai');
  });

  it('keeps the stored user when the profile cannot be read', async () => {
    const user = aUser();
    setSessionUser(user);
    stubProfileApi({ status: 500, body: { message: 'Something went wrong on our side.' } });
    renderKeeper('/orders');
    await elapse(1000);
    expect(getSessionUser()).toEqual(user);
    expect(screen.getByTestId('path').textContent).toBe('/orders');
  });

  it('signs out on a 401: forgets the user and the local cart and wishlist, and goes home', async () => {
    const user = aUser();
    setSessionUser(user);
    writeStoredJson(storageKeys.cart, { owner: user._id, lines: [], modified: false });
    writeStoredJson(storageKeys.wishlist, { owner: user._id, items: [], modified: false });
    stubProfileApi({ status: 401, body: { message: 'Unauthorized' } });
    renderKeeper('/checkout');

    await elapse(0);

    expect(getSessionUser()).toBeNull();
    expect(readStoredJson(storageKeys.user)).toBeUndefined();
    expect(readStoredJson(storageKeys.cart)).toBeUndefined();
    expect(readStoredJson(storageKeys.wishlist)).toBeUndefined();
    expect(screen.getByTestId('path').textContent).toBe('/');
  });

  it('asks nothing for a visitor: no stored user and no signed-in hint cookie', async () => {
    const api = stubProfileApi({ status: 401, body: { message: 'Unauthorized' } });
    renderKeeper('/');
    await elapse(300_000);
    expect(api.reads()).toBe(0);
    expect(getSessionUser()).toBeNull();
  });

  it('leaves a visitor where they are on a 401 (a stale hint cookie)', async () => {
    setHintCookie(true);
    const api = stubProfileApi({ status: 401, body: { message: 'Unauthorized' } });
    renderKeeper('/product/2');
    await elapse(0);
    expect(api.reads()).toBe(1);
    expect(screen.getByTestId('path').textContent).toBe('/product/2');
    // A visitor's profile is not read again.
    await elapse(300_000);
    expect(api.reads()).toBe(1);
  });
});
