import { useState } from 'react';
import { VerifyOtpBodySchema } from '../../../../contracts/auth';
import { issueFieldErrors } from '../../../components/form/field-errors';
import { type FieldErrorsState, useFieldErrors } from '../../../components/form/use-field-errors';
import type { OtpTargetInput } from '../api/send-otp';
import type { ContactMethod } from '../components/method-toggle';
import { type OtpCode, type OtpCodeOptions, otpTargetInput, useOtpCode } from './use-otp-code';

export interface CheckedCode {
  channel: 'email' | 'sms';
  /** As the server stores it: the e-mail lower-cased, or the phone's 10 digits. */
  address: string;
  target: OtpTargetInput;
  otp: string;
}

export interface OtpSender extends OtpCode {
  method: ContactMethod;
  contact: string;
  /** The contact field's name, which the server's field errors use too. */
  contactField: 'email' | 'mobile';
  fieldErrors: FieldErrorsState;
  chooseMethod: (method: ContactMethod) => void;
  editContact: (value: string) => void;
  /** Sends a code (again) to the contact. */
  sendToContact: () => Promise<void>;
  /** The contact and code, checked with the server's schema; null, with the reasons shown, when they fail. */
  checkCode: () => CheckedCode | null;
}

interface OtpSenderOptions extends Omit<OtpCodeOptions, 'fieldErrors'> {
  /** Also called when a new method or an edited contact drops the code sent. */
  onStartOver?: () => void;
}

/**
 * docs/product.md#otp: the shopper picks e-mail or phone, types the contact and gets a code; a new method, or an
 * edit to the contact once a code went out, starts over.
 */
export function useOtpSender({ onStartOver, ...options }: OtpSenderOptions): OtpSender {
  const [method, setMethod] = useState<ContactMethod>('email');
  const [contact, setContact] = useState('');
  const fieldErrors = useFieldErrors();
  const code = useOtpCode({ ...options, fieldErrors });
  const contactField = method === 'email' ? 'email' : 'mobile';
  const typedTarget: OtpTargetInput = method === 'email' ? { email: contact } : { mobile: contact };

  function startOver() {
    code.startOver();
    onStartOver?.();
  }

  function chooseMethod(next: ContactMethod) {
    if (next === method) return;
    setMethod(next);
    setContact('');
    startOver();
  }

  function editContact(value: string) {
    setContact(value);
    fieldErrors.clear(contactField);
    if (code.sentAt !== null) startOver();
  }

  function checkCode(): CheckedCode | null {
    const body = VerifyOtpBodySchema.safeParse({ ...typedTarget, otp: code.otp });
    if (!body.success) {
      options.onFeedback({ kind: 'error', text: body.error.issues[0]?.message ?? 'OTP verification failed' });
      fieldErrors.show(issueFieldErrors(body.error.issues));
      return null;
    }
    options.onFeedback(null);
    fieldErrors.clear();
    const { channel, address, otp } = body.data;
    return { channel, address, target: otpTargetInput(channel, address), otp };
  }

  return {
    ...code,
    startOver,
    method,
    contact,
    contactField,
    fieldErrors,
    chooseMethod,
    editContact,
    sendToContact: () => code.send(typedTarget),
    checkCode,
  };
}
