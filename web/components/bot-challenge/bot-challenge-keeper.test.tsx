import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '../../lib/api-client';
import { BotChallengeKeeper } from './bot-challenge-keeper';

// The real widget solves in a Web Worker, which this DOM has not; its browser test is e2e/bot-challenge.spec.ts.
vi.mock('./altcha-widget', () => ({
  default: ({ onSolved }: { onSolved: (solution: string) => void }) => (
    <button type="button" onClick={() => onSolved('c29sdmVk')}>
      Solve
    </button>
  ),
}));

const robot = 'Please confirm you are not a robot.';

function stubApi() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const solved = headers['x-altcha'] !== undefined;
    const body = solved ? { success: true, message: 'Message sent successfully!' } : { message: robot };
    return new Response(JSON.stringify(body), { status: solved ? 201 : 428 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('BotChallengeKeeper', () => {
  it('shows the check on a 428 and, once solved, lets the request through', async () => {
    const fetchMock = stubApi();
    render(<BotChallengeKeeper />);
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = apiClient.post('/contact', { name: 'Asha' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Quick check' });
    expect(dialog.textContent).toContain(robot);
    fireEvent.click(await screen.findByRole('button', { name: 'Solve' }));
    await expect(result).resolves.toEqual({ success: true, message: 'Message sent successfully!' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("fails the request with the 428's message when the shopper closes the check", async () => {
    stubApi();
    render(<BotChallengeKeeper />);
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = apiClient.post('/contact', { name: 'Asha' });
    });
    await screen.findByRole('dialog', { name: 'Quick check' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect(result).rejects.toEqual(new ApiError(428, robot));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks once for each request: two at once get two checks, one after the other', async () => {
    const fetchMock = stubApi();
    render(<BotChallengeKeeper />);
    let both: Promise<unknown[]> = Promise.resolve([]);
    act(() => {
      both = Promise.all([apiClient.post('/contact', { n: 1 }), apiClient.post('/contact', { n: 2 })]);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Solve' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    fireEvent.click(await screen.findByRole('button', { name: 'Solve' }));
    await expect(both).resolves.toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
