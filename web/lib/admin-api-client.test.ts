import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_HEADER } from '../../contracts/challenge';
import { adminApi, setAdminSignedOutHandler } from './admin-api-client';
import { ApiError, setChallengeHandler, setUnauthorizedHandler } from './api-client';

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

describe("the console API client's uploads", () => {
  it('send a product image as the body and take a 401 to the console sign-in, as every console call does', async () => {
    const fetchMock = vi.fn().mockResolvedValue(reply(401, { message: 'Please sign in to the console.' }));
    vi.stubGlobal('fetch', fetchMock);
    const consoleSignedOut = vi.fn();
    setAdminSignedOutHandler(consoleSignedOut);
    const image = new File(['png bytes'], 'mitten.png', { type: 'image/png' });

    await expect(adminApi.post('/admin/products/1/images', image)).rejects.toThrow(
      'Please sign in to the console.',
    );
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(image);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('image/png');
    expect(consoleSignedOut).toHaveBeenCalledTimes(1);
  });
});

describe("the console API client's bot challenge", () => {
  const solution = 'solved-payload';
  const asked = 'Please confirm you are not a robot.';

  afterEach(() => setChallengeHandler(undefined));

  it('answers a 428 with the shared challenge handler and sends the sign-in once more with the solution', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(reply(428, { message: asked }))
      .mockResolvedValueOnce(reply(200, { next: 'code' }));
    vi.stubGlobal('fetch', fetchMock);
    const challenge = vi.fn().mockResolvedValue(solution);
    setChallengeHandler(challenge);

    const body = { email: 'owner@example.in', password: 'walnut-loom-tassel-9' };
    await expect(adminApi.post('/admin/session', body, { signInStep: true })).resolves.toEqual({
      next: 'code',
    });

    expect(challenge).toHaveBeenCalledWith(asked);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [[, first], [, second]] = fetchMock.mock.calls as [[string, RequestInit], [string, RequestInit]];
    expect((first.headers as Record<string, string>)[CHALLENGE_HEADER]).toBeUndefined();
    expect((second.headers as Record<string, string>)[CHALLENGE_HEADER]).toBe(solution);
    expect(second.body).toBe(JSON.stringify(body));
  });

  it('keeps a failed sign-in after the challenge on the form, with its own message', async () => {
    const failed = 'Those sign-in details are not right. Please check them and try again.';
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(reply(428, { message: asked }))
        .mockResolvedValueOnce(reply(401, { message: failed })),
    );
    setChallengeHandler(vi.fn().mockResolvedValue(solution));
    const consoleSignedOut = vi.fn();
    setAdminSignedOutHandler(consoleSignedOut);

    const failure = await adminApi
      .post('/admin/session', { email: 'a@b.in', password: 'x' }, { signInStep: true })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).message).toBe(failed);
    expect(consoleSignedOut).not.toHaveBeenCalled();
  });

  it('fails with the 428 message, asking only once, when the challenge is closed or asked again', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => reply(428, { message: asked }));
    vi.stubGlobal('fetch', fetchMock);
    setChallengeHandler(vi.fn().mockRejectedValue(new Error('closed')));
    const closed = await adminApi.post('/admin/session', {}, { signInStep: true }).catch((e: unknown) => e);
    expect((closed as ApiError).status).toBe(428);
    expect((closed as ApiError).message).toBe(asked);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const challenge = vi.fn().mockResolvedValue(solution);
    setChallengeHandler(challenge);
    const again = await adminApi.post('/admin/session', {}, { signInStep: true }).catch((e: unknown) => e);
    expect((again as ApiError).status).toBe(428);
    expect(challenge).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('sends a 401 after the challenge outside the sign-in form to /admin/login', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(reply(428, { message: asked }))
        .mockResolvedValueOnce(reply(401, { message: 'Please sign in to the console.' })),
    );
    setChallengeHandler(vi.fn().mockResolvedValue(solution));
    const consoleSignedOut = vi.fn();
    setAdminSignedOutHandler(consoleSignedOut);

    await expect(adminApi.post('/admin/staff', { email: 'new@example.in' })).rejects.toThrow(
      'Please sign in to the console.',
    );
    expect(consoleSignedOut).toHaveBeenCalledTimes(1);
  });

  it('sends the extra headers a call names, such as Idempotency-Key', async () => {
    const fetchMock = vi.fn().mockResolvedValue(reply(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await adminApi.post('/admin/orders/x/notes', { body: 'n' }, { headers: { 'Idempotency-Key': 'k-1' } });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('k-1');
  });
});
