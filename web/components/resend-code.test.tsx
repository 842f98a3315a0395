import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResendCode } from './resend-code';

describe('Resend code', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts the 30 seconds down, then offers the button', () => {
    const onResend = vi.fn();
    render(<ResendCode sentAt={Date.now()} onResend={onResend} />);
    expect(screen.getByText('Resend code in 30s')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Resend code in 29s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(28_000));
    expect(screen.getByText('Resend code in 1s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('starts again from 30 when a new code is sent', () => {
    const { rerender } = render(<ResendCode sentAt={Date.now() - 40_000} onResend={() => {}} />);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
    rerender(<ResendCode sentAt={Date.now()} onResend={() => {}} />);
    expect(screen.getByText('Resend code in 30s')).toBeTruthy();
  });
});
