import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { VerifyOtpBodySchema } from '../../../../contracts/auth';
import { PhoneSignupBodySchema } from '../../../../contracts/phone-sign-in';
import { Button } from '../../../components/button';
import { issueFieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import { OtpField } from '../../../components/form/otp-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { ResendCode } from '../../../components/resend-code';
import { signUpByPhone, verifyPhone } from '../api/phone-sign-in';
import { useOtpCode } from '../hooks/use-otp-code';
import type { ShowFeedback } from './feedback';

const userIdMissing = 'Login successful but user ID not received. Please try again.';

export type PhoneSignInStep = 'number' | 'code' | 'name';

interface PhoneSignInProps {
  onFeedback: ShowFeedback;
  onLoggedIn: (user: User) => void;
  /** The modal shows only this way once a code went out. */
  onStepChange: (step: PhoneSignInStep) => void;
}

/**
 * docs/product.md#one-step-sign-in: "Continue with your mobile number": the number, the OTP, and, for a number
 * with no account, the first name (last name optional); then signed in.
 */
export function PhoneSignIn({ onFeedback, onLoggedIn, onStepChange }: PhoneSignInProps) {
  const [mobile, setMobile] = useState('');
  const [ticket, setTicket] = useState<string | null>(null);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [pending, setPending] = useState(false);
  const fieldErrors = useFieldErrors();
  const code = useOtpCode({ purpose: 'signup', onFeedback, fieldErrors });
  const step: PhoneSignInStep = ticket ? 'name' : code.sentAt !== null ? 'code' : 'number';
  const shownStep = useRef<PhoneSignInStep>('number');

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    onStepChange(step);
    // The next step's first field, so a keyboard or screen reader lands where the shopper types next.
    fieldErrors.formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, [step, onStepChange, fieldErrors.formRef]);

  function startOver() {
    setTicket(null);
    code.startOver();
  }

  async function run(action: () => Promise<void>) {
    setPending(true);
    try {
      await action();
    } catch (error) {
      code.showFailure(error);
    } finally {
      setPending(false);
    }
  }

  async function verify() {
    const body = VerifyOtpBodySchema.safeParse({ mobile, otp: code.otp });
    if (!body.success) {
      onFeedback({ kind: 'error', text: body.error.issues[0]?.message ?? 'OTP verification failed' });
      fieldErrors.show(issueFieldErrors(body.error.issues));
      return;
    }
    onFeedback(null);
    await run(async () => {
      const reply = await verifyPhone(body.data.address, body.data.otp);
      if ('newAccount' in reply) {
        setTicket(reply.verificationToken);
        onFeedback({ kind: 'success', text: reply.message });
      } else if (reply.user?._id) onLoggedIn(reply.user);
      else onFeedback({ kind: 'error', text: userIdMissing });
    });
  }

  async function createAccount(verificationToken: string) {
    const body = PhoneSignupBodySchema.safeParse({ verificationToken, firstName, lastName });
    if (!body.success) {
      onFeedback({ kind: 'error', text: body.error.issues[0]?.message ?? 'Signup failed' });
      fieldErrors.show(issueFieldErrors(body.error.issues));
      return;
    }
    onFeedback(null);
    await run(async () => {
      const reply = await signUpByPhone(verificationToken, body.data.firstName, body.data.lastName ?? '');
      if (reply.user?._id) onLoggedIn(reply.user);
      else onFeedback({ kind: 'error', text: userIdMissing });
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || code.sending) return;
    if (step === 'number') void code.send({ mobile });
    else if (step === 'code') void verify();
    else if (ticket) void createAccount(ticket);
  }

  return (
    <form
      ref={fieldErrors.formRef}
      className="auth-form phone-sign-in"
      noValidate
      aria-label="Continue with your mobile number"
      onSubmit={submit}
    >
      {step === 'number' ? (
        <>
          <p className="phone-sign-in__title">Continue with your mobile number</p>
          <InputField
            label="Mobile number"
            error={fieldErrors.errors.mobile}
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            value={mobile}
            onChange={(event) => {
              setMobile(event.target.value);
              fieldErrors.clear('mobile');
            }}
          />
          <Button type="submit" disabled={code.sending}>
            {code.sending ? 'Sending...' : 'Send OTP'}
          </Button>
        </>
      ) : (
        <p className="phone-sign-in__number">
          {step === 'code' ? 'OTP sent to ' : 'Verified: '}
          <strong>{mobile}</strong>{' '}
          <button type="button" className="auth-modal__switch-link" onClick={startOver} disabled={pending}>
            Change number
          </button>
        </p>
      )}
      {step === 'code' && code.sentAt !== null && (
        <>
          <OtpField error={fieldErrors.errors.otp} value={code.otp} onChange={code.editOtp} />
          <ResendCode
            sentAt={code.sentAt}
            onResend={() => void code.send({ mobile })}
            disabled={code.sending || pending}
          />
          <Button type="submit" disabled={pending}>
            {pending ? 'Checking...' : 'Continue'}
          </Button>
        </>
      )}
      {step === 'name' && (
        <>
          <InputField
            label="First Name"
            error={fieldErrors.errors.firstName}
            name="firstName"
            autoComplete="given-name"
            maxLength={100}
            value={firstName}
            onChange={(event) => {
              setFirstName(event.target.value);
              fieldErrors.clear('firstName');
            }}
          />
          <InputField
            label="Last Name (optional)"
            error={fieldErrors.errors.lastName}
            name="lastName"
            autoComplete="family-name"
            maxLength={100}
            value={lastName}
            onChange={(event) => {
              setLastName(event.target.value);
              fieldErrors.clear('lastName');
            }}
          />
          <Button type="submit" disabled={pending}>
            {pending ? 'Creating account...' : 'Create account'}
          </Button>
        </>
      )}
    </form>
  );
}
