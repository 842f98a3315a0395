import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, setChallengeHandler } from './api-client';

const robot = 'Please confirm you are not a robot.';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function headersOf(call: unknown[]): Record<string, string> {
  return (call[1] as RequestInit).headers as Record<string, string>;
}

afterEach(() => {
  setChallengeHandler(undefined);
  vi.unstubAllGlobals();
});

describe('a 428 from the API', () => {
  it('asks the registered handler and sends the request once more with the solution', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(reply(428, { message: robot }))
      .mockResolvedValueOnce(reply(200, { status: 'success', message: 'OTP sent to your phone!' }));
    vi.stubGlobal('fetch', fetchMock);
    const handler = vi.fn().mockResolvedValue('c29sdmVk');
    setChallengeHandler(handler);

    const result = await apiClient.post('/auth/send-otp', { mobile: '9876543210' });

    expect(result).toEqual({ status: 'success', message: 'OTP sent to your phone!' });
    expect(handler).toHaveBeenCalledWith(robot);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(fetchMock.mock.calls[0] ?? [])['x-altcha']).toBeUndefined();
    expect(headersOf(fetchMock.mock.calls[1] ?? [])['x-altcha']).toBe('c29sdmVk');
    const retry = (fetchMock.mock.calls[1] ?? []) as [string, RequestInit];
    expect(retry[1].body).toBe(JSON.stringify({ mobile: '9876543210' }));
  });

  it("fails with the 428's message when the shopper closes the check", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(reply(428, { message: robot })));
    setChallengeHandler(() => Promise.reject(new Error('closed')));
    const failure = apiClient.post('/contact', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 428, message: robot });
  });

  it('retries only once: a second 428 is the error', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => reply(428, { message: robot }));
    vi.stubGlobal('fetch', fetchMock);
    const handler = vi.fn().mockResolvedValue('c29sdmVk');
    setChallengeHandler(handler);
    await expect(apiClient.post('/auth/login', {})).rejects.toMatchObject({ status: 428, message: robot });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is an ordinary error while no handler is registered', async () => {
    const fetchMock = vi.fn().mockResolvedValue(reply(428, { message: robot }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiClient.post('/auth/login', {})).rejects.toMatchObject({ status: 428, message: robot });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('a failure on the shop’s side', () => {
  it("quotes the request's id from the body, so support can find it in the log", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          reply(500, { message: 'Something went wrong. Please try again.', requestId: 'req-42ab' }),
        ),
    );
    await expect(apiClient.get('/products')).rejects.toMatchObject({
      status: 500,
      requestId: 'req-42ab',
      message: 'Something went wrong. Please try again. Reference: req-42ab',
    });
  });

  it('falls back to the x-request-id header when the body is not the shop’s', async () => {
    const proxyError = new Response('Bad gateway', { status: 502, headers: { 'x-request-id': 'edge-7' } });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(proxyError));
    await expect(apiClient.get('/products')).rejects.toMatchObject({
      status: 502,
      message: 'HTTP error! status: 502 Reference: edge-7',
    });
  });

  it('adds nothing to a provider’s failure the shop explains in its own words', async () => {
    const explained = reply(502, {
      message: 'Failed to initialize payment. Please try again.',
      requestId: 'r-9',
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(explained));
    await expect(apiClient.post('/payment/create-order', {})).rejects.toMatchObject({
      status: 502,
      message: 'Failed to initialize payment. Please try again.',
      requestId: undefined,
    });
  });

  it('adds nothing to a 4xx: the message is the shopper’s own to fix', async () => {
    const refused = reply(400, { message: 'Pincode must be 6 digits', requestId: 'req-1' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(refused));
    await expect(apiClient.get('/delivery/12')).rejects.toMatchObject({
      message: 'Pincode must be 6 digits',
      requestId: undefined,
    });
  });
});

describe('a file as the body', () => {
  it('is sent as it is, with its own type, not as JSON', async () => {
    const fetchMock = vi.fn().mockResolvedValue(reply(201, { photo: { id: 'p1' } }));
    vi.stubGlobal('fetch', fetchMock);
    const photo = new File(['jpeg bytes'], 'parcel.jpg', { type: 'image/jpeg' });

    await expect(apiClient.post('/orders/o1/return-photos', photo)).resolves.toEqual({ photo: { id: 'p1' } });

    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(photo);
    expect(headersOf(fetchMock.mock.calls[0] ?? [])['Content-Type']).toBe('image/jpeg');
    expect(headersOf(fetchMock.mock.calls[0] ?? [])['X-Requested-With']).toBe('fetch');
  });

  it('of no known type goes as application/octet-stream, and a refusal brings the server’s message', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(reply(415, { message: 'Please choose a JPEG, PNG or WebP picture.' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiClient.post('/orders/o1/return-photos', new File(['?'], 'photo'))).rejects.toMatchObject({
      status: 415,
      message: 'Please choose a JPEG, PNG or WebP picture.',
    });
    expect(headersOf(fetchMock.mock.calls[0] ?? [])['Content-Type']).toBe('application/octet-stream');
  });
});
