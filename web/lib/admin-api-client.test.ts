import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApi, setAdminSignedOutHandler } from './admin-api-client';
import { ApiError, setUnauthorizedHandler } from './api-client';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  setAdminSignedOutHandler(() => {});
  setUnauthorizedHandler(() => {});
  vi.unstubAllGlobals();
});

describe('the console API client', () => {
  it("sends a 401 to the console's sign-in, never to the shopper's flow, keeping the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(reply(401, { message: 'Please sign in to the console.' })),
    );
    const consoleSignedOut = vi.fn();
    const shopperSignedOut = vi.fn();
    setAdminSignedOutHandler(consoleSignedOut);
    setUnauthorizedHandler(shopperSignedOut);

    const failure = await adminApi.get('/admin/staff').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Please sign in to the console.');
    expect((failure as ApiError).status).toBe(401);
    expect(consoleSignedOut).toHaveBeenCalledTimes(1);
    expect(shopperSignedOut).not.toHaveBeenCalled();
  });

  it('shows a failed sign-in step its own message and stays on the sign-in page', async () => {
    const message = 'Those sign-in details are not right. Please check them and try again.';
    const fetchMock = vi.fn().mockResolvedValue(reply(401, { message }));
    vi.stubGlobal('fetch', fetchMock);
    const consoleSignedOut = vi.fn();
    setAdminSignedOutHandler(consoleSignedOut);

    await expect(
      adminApi.post('/admin/session', { email: 'a@b.in', password: 'x' }, { signInStep: true }),
    ).rejects.toThrow(message);
    expect(consoleSignedOut).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/session');
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('fetch');
  });
});
