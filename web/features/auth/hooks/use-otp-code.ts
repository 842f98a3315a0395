import { useState } from 'react';
import type { OtpPurpose } from '../../../../contracts/account';
import { OtpTargetSchema } from '../../../../contracts/auth';
import { issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import type { FieldErrorsState } from '../../../components/form/use-field-errors';
import { type OtpTargetInput, sendOtp } from '../api/send-otp';
import { authErrorMessage, type ShowFeedback } from '../components/feedback';

export interface OtpCodeOptions {
  purpose?: OtpPurpose;
  onFeedback: ShowFeedback;
  fieldErrors: FieldErrorsState;
}

export interface OtpCode {
  /** When the last code went out (ms since the epoch); null until one has. */
  sentAt: number | null;
  sending: boolean;
  /** The code as typed. */
  otp: string;
  editOtp: (value: string) => void;
  /** Sends a code (again) to the address as typed, after checking it with the server's schema. */
  send: (target: OtpTargetInput) => Promise<void>;
  /** Forgets the code sent and typed, and what the last try said. */
  startOver: () => void;
  /** Says why the server refused, in the banner and beside the fields it names. */
  showFailure: (error: unknown) => void;
}

export function otpTargetInput(channel: 'email' | 'sms', address: string): OtpTargetInput {
  return channel === 'email' ? { email: address } : { mobile: address };
}

/** docs/product.md#otp: a code sent to an address, typed back, and sent again once the countdown allows. */
export function useOtpCode({ purpose = 'signup', onFeedback, fieldErrors }: OtpCodeOptions): OtpCode {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [otp, setOtp] = useState('');

  function showFailure(error: unknown) {
    onFeedback({ kind: 'error', text: authErrorMessage(error) });
    fieldErrors.show(serverFieldErrors(error));
  }

  async function send(input: OtpTargetInput) {
    // docs/product.md#phone-and-email: the shared schema gives the documented messages for an e-mail without @ or a malformed phone.
    const target = OtpTargetSchema.safeParse(input);
    if (!target.success) {
      onFeedback({ kind: 'error', text: target.error.issues[0]?.message ?? 'Failed to send OTP' });
      fieldErrors.show(issueFieldErrors(target.error.issues));
      return;
    }
    onFeedback(null);
    fieldErrors.clear();
    setSending(true);
    try {
      const reply = await sendOtp(otpTargetInput(target.data.channel, target.data.address), purpose);
      setSentAt(Date.now());
      onFeedback({ kind: 'success', text: reply.message });
    } catch (error) {
      // A refused resend keeps the code already sent.
      showFailure(error);
    } finally {
      setSending(false);
    }
  }

  function editOtp(value: string) {
    setOtp(value);
    fieldErrors.clear('otp');
  }

  function startOver() {
    setSentAt(null);
    setOtp('');
    fieldErrors.clear();
    onFeedback(null);
  }

  return { sentAt, sending, otp, editOtp, send, startOver, showFailure };
}
