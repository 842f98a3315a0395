import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { NewOrderEmailForm } from './new-order-email-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

it('shows the member’s choice and saves another one', async () => {
  const settings = { newOrderEmail: 'daily_digest', push: { available: true, publicKey: 'key' } };
  const fetchMock = vi.fn().mockResolvedValueOnce(reply(200, { message: 'Alerts saved.', settings }));
  vi.stubGlobal('fetch', fetchMock);
  const { wrapper } = createQueryWrapper();
  render(<NewOrderEmailForm current="each_order" />, { wrapper });

  const eachOrder = screen.getByRole('radio', { name: /^An e-mail for each order/ }) as HTMLInputElement;
  expect(eachOrder.checked).toBe(true);
  await userEvent.click(screen.getByRole('radio', { name: /^A daily digest at 9:00 am IST/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('status')).textContent).toBe('Alerts saved.');
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe('/api/admin/alerts');
  expect(init.method).toBe('PUT');
  expect(JSON.parse(String(init.body))).toEqual({ newOrderEmail: 'daily_digest' });
});
