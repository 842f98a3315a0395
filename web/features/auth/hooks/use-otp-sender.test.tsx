import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/messages';
import { type FakeApi, fakeApi, jsonReply } from '../../../test/fake-api';
import { useOtpSender } from './use-otp-sender';

const sendOtpRoute = 'POST /api/auth/send-otp';
let api: FakeApi;

function renderSender(purpose?: 'login') {
  const onFeedback = vi.fn();
  const onStartOver = vi.fn();
  const { result } = renderHook(() => useOtpSender({ purpose, onFeedback, onStartOver }));
  return { result, onFeedback, onStartOver };
}

describe('useOtpSender', () => {
  beforeEach(() => {
    api = fakeApi({ [sendOtpRoute]: { status: 'success', message: 'OTP sent to your email' } });
  });

  it('refuses an e-mail without @ with the schema message beside the field, and sends nothing', async () => {
    const { result, onFeedback } = renderSender();
    act(() => result.current.editContact('shopper.example.com'));
    await act(() => result.current.sendToContact());

    expect(api.callsTo(sendOtpRoute)).toEqual([]);
    expect(onFeedback).toHaveBeenLastCalledWith({ kind: 'error', text: messages.emailInvalid });
    expect(result.current.fieldErrors.errors).toEqual({ email: messages.emailInvalid });
    expect(result.current.sentAt).toBeNull();
  });

  it('sends the normalised address with its purpose, and a refused resend keeps the code already sent', async () => {
    const { result, onFeedback } = renderSender('login');
    act(() => result.current.chooseMethod('phone'));
    act(() => result.current.editContact('+91 98123 45670'));
    await act(() => result.current.sendToContact());

    expect(api.callsTo(sendOtpRoute).map((call) => call.body)).toEqual([
      { mobile: '9812345670', purpose: 'login' },
    ]);
    expect(onFeedback).toHaveBeenLastCalledWith({ kind: 'success', text: 'OTP sent to your email' });
    const firstSentAt = result.current.sentAt;
    expect(firstSentAt).not.toBeNull();

    api.on({
      [sendOtpRoute]: () => jsonReply(429, { message: 'Please wait before asking for another code' }),
    });
    await act(() => result.current.sendToContact());
    expect(result.current.sentAt).toBe(firstSentAt);
    expect(result.current.sending).toBe(false);
    expect(onFeedback).toHaveBeenLastCalledWith({
      kind: 'error',
      text: 'Please wait before asking for another code',
    });
  });

  it('starts over when the contact is edited after a code went out', async () => {
    const { result, onFeedback, onStartOver } = renderSender();
    act(() => result.current.editContact('shopper@example.com'));
    await act(() => result.current.sendToContact());
    act(() => result.current.editOtp('123456'));

    act(() => result.current.editContact('shopper@example.org'));
    expect(result.current.sentAt).toBeNull();
    expect(result.current.otp).toBe('');
    expect(onStartOver).toHaveBeenCalledTimes(1);
    expect(onFeedback).toHaveBeenLastCalledWith(null);
  });

  it('checks the code with the contact, giving the address as the server stores it', async () => {
    const { result, onFeedback } = renderSender();
    act(() => result.current.editContact(' Shopper@Example.com '));
    act(() => result.current.editOtp('12345'));

    let checked: ReturnType<typeof result.current.checkCode> = null;
    act(() => {
      checked = result.current.checkCode();
    });
    expect(checked).toBeNull();
    expect(onFeedback).toHaveBeenLastCalledWith({ kind: 'error', text: 'Please enter the 6-digit OTP.' });
    expect(result.current.fieldErrors.errors).toEqual({ otp: 'Please enter the 6-digit OTP.' });

    act(() => result.current.editOtp(' 123456 '));
    act(() => {
      checked = result.current.checkCode();
    });
    expect(checked).toEqual({
      channel: 'email',
      address: 'shopper@example.com',
      target: { email: 'shopper@example.com' },
      otp: '123456',
    });
    expect(result.current.fieldErrors.errors).toEqual({});
  });
});
