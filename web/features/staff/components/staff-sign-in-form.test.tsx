import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffConsoleMessages } from '../../../../contracts/staff';
import { StaffSignInForm } from './staff-sign-in-form';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const sentBodies = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map((call) => JSON.parse(String((call[1] as RequestInit).body)));

afterEach(() => vi.unstubAllGlobals());

describe('the console sign-in form', () => {
  it('sends the password, then the code, and hands over who signed in', async () => {
    const staff = { id: 's1', email: 'asha@example.in', name: 'Asha', role: 'owner' };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(reply(200, { next: 'code' }))
      .mockResolvedValueOnce(reply(200, { next: 'done', staff }));
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    render(<StaffSignInForm onSignedIn={onSignedIn} />);

    await user.type(screen.getByLabelText('E-mail'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'walnut-loom');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('6-digit code from your authenticator'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(staff));
    expect(sentBodies(fetchMock)).toEqual([
      { email: 'asha@example.in', password: 'walnut-loom' },
      { code: '123456' },
    ]);
  });

  it.each([staffConsoleMessages.codeStepExpired, staffConsoleMessages.tooManyCodes])(
    'sends a recovery code instead when asked, and goes back to the password on "%s"',
    async (refusal) => {
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(reply(200, { next: 'code' }))
        .mockResolvedValueOnce(reply(401, { message: refusal }));
      vi.stubGlobal('fetch', fetchMock);
      const user = userEvent.setup();
      render(<StaffSignInForm onSignedIn={() => {}} />);

      await user.type(screen.getByLabelText('E-mail'), 'asha@example.in');
      await user.type(screen.getByLabelText('Password'), 'walnut-loom');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
      fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'ABCDE-FGHJK' } });
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      expect((await screen.findByRole('alert')).textContent).toBe(refusal);
      expect(screen.getByLabelText('Password')).toBeTruthy();
      expect(sentBodies(fetchMock)[1]).toEqual({ recoveryCode: 'ABCDE-FGHJK' });
    },
  );
});
