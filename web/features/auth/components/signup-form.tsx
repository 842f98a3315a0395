import { useState } from 'react';
import type { User } from '../../../../contracts/auth';
import { ContactVerification, type VerifiedContact } from './contact-verification';
import type { ShowFeedback } from './feedback';
import { SignupDetailsForm } from './signup-details-form';

interface SignupFormProps {
  onFeedback: ShowFeedback;
  onLoggedIn: (user: User) => void;
  onSignedUpWithoutSession: (contact: VerifiedContact) => void;
}

/** docs/product.md#behaviour Signup flow: verify the e-mail or phone by OTP, then fill in the details. */
export function SignupForm({ onFeedback, onLoggedIn, onSignedUpWithoutSession }: SignupFormProps) {
  const [verified, setVerified] = useState<VerifiedContact | null>(null);

  return (
    <>
      <ContactVerification onFeedback={onFeedback} onVerified={setVerified} />
      {verified && (
        <SignupDetailsForm
          contact={verified}
          onFeedback={onFeedback}
          onLoggedIn={onLoggedIn}
          onSignedUpWithoutSession={() => onSignedUpWithoutSession(verified)}
        />
      )}
    </>
  );
}
