import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../../../../contracts/session-hint';
import { MemoryRouter, Route, Routes, useLocation } from '../../../lib/router';
import { setSessionUser, useSessionUser } from '../../../lib/session';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { aUser } from '../../../test/users';
import { forgetFirstProfileRead } from '../local-session';
import { SessionKeeper } from './session-keeper';
import { SignInFirst } from './sign-in-first';

function setHintCookie(present: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's Set-Cookie.
  document.cookie = present
    ? `${SIGNED_IN_HINT_COOKIE}=1; path=/`
    : `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

function stubProfile(status: number) {
  const user = aUser({ firstName: 'Meera' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({
      status,
      ok: status === 200,
      text: async () => JSON.stringify(status === 200 ? { ...user, user } : { message: 'Please sign in.' }),
    })),
  );
}

/** A page for signed-in shoppers, guarded as the shop's are. */
function OrdersPage() {
  const user = useSessionUser();
  if (!user) return <SignInFirst returnTo="/orders" />;
  return <h1>Orders of {user.firstName}</h1>;
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(path: string) {
  const { wrapper: QueryWrapper } = createQueryWrapper();
  return render(
    <QueryWrapper>
      <MemoryRouter initialEntries={[path]}>
        <SessionKeeper />
        <Where />
        <Routes>
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/login" element={<p>Sign in</p>} />
        </Routes>
      </MemoryRouter>
    </QueryWrapper>,
  );
}

beforeEach(() => {
  forgetFirstProfileRead();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionUser(null);
  setHintCookie(false);
});

describe('SignInFirst', () => {
  it('waits for the first profile read when the hint says a session may be here, and shows the page', async () => {
    setHintCookie(true);
    stubProfile(200);
    renderAt('/orders');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByRole('heading', { name: 'Orders of Meera' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/orders');
  });

  it('sends the visitor to sign in once the read finds no session', async () => {
    setHintCookie(true);
    stubProfile(401);
    renderAt('/orders');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByText('Sign in')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login?returnTo=%2Forders');
  });

  it('sends a visitor without the hint to sign in at once', async () => {
    stubProfile(401);
    renderAt('/orders');
    await act(async () => {});
    expect(screen.getByTestId('where').textContent).toBe('/login?returnTo=%2Forders');
  });
});
