import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';
import { type SignupBody, signupProblem, type User } from '../../../../contracts/auth';
import { authMessages, PASSWORD_MIN_LENGTH } from '../../../../contracts/auth-rules';
import { messages } from '../../../../contracts/messages';
import { phoneRefusals } from '../../../../contracts/phone';
import { type PincodePlace, stateProblem } from '../../../../contracts/pincode';
import { Button } from '../../../components/button';
import { AddressFields, addressFieldSpecs } from '../../../components/form/address-fields';
import { type FieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { checkPincode, lookUpOf, type PincodeCheck } from '../../../lib/pincode-check';
import { signUp } from '../api/sign-up';
import type { VerifiedContact } from './contact-verification';
import { authErrorMessage, type ShowFeedback } from './feedback';

const emptyDetails = {
  firstName: '',
  lastName: '',
  password: '',
  mobile: '',
  houseName: '',
  streetArea: '',
  city: '',
  state: '',
  country: '',
  pincode: '',
};

type DetailName = keyof typeof emptyDetails;

interface SignupDetailsFormProps {
  contact: VerifiedContact;
  onFeedback: ShowFeedback;
  onLoggedIn: (user: User) => void;
  /** The server created the account but opened no session: the shopper logs in next. */
  onSignedUpWithoutSession: () => void;
}

function signupBody(contact: VerifiedContact, details: typeof emptyDetails): SignupBody {
  const base: SignupBody = {
    verificationToken: contact.verificationToken,
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    password: details.password,
    houseName: details.houseName.trim(),
    streetArea: details.streetArea.trim(),
    city: details.city.trim(),
    state: details.state.trim(),
    country: details.country.trim(),
    pincode: details.pincode.trim(),
  };
  // docs/product.md#entities: a phone signup sends phoneNumber too; the server makes its e-mail from the digits (docs/product.md#phone-and-email).
  return contact.channel === 'email'
    ? { ...base, email: contact.address, mobile: details.mobile.trim() }
    : { ...base, phone: contact.address, phoneNumber: contact.address };
}

const detailLabels: Record<DetailName, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  password: 'Password',
  mobile: 'Mobile Number',
  ...(Object.fromEntries(addressFieldSpecs.map(({ name, label }) => [name, label])) as Record<
    (typeof addressFieldSpecs)[number]['name'],
    string
  >),
};

/**
 * docs/product.md#signup-rules, field by field, so each problem shows beside its field in the words of its
 * label (the rules' own message names the fields as the server spells them).
 */
function signupFieldErrors(
  contact: VerifiedContact,
  details: typeof emptyDetails,
  pincode: PincodeCheck,
): FieldErrors {
  const names = (Object.keys(detailLabels) as DetailName[]).filter(
    (name) => name !== 'mobile' || contact.channel === 'email',
  );
  const missing = names.filter(
    (name) => (name === 'password' ? details.password : details[name].trim()) === '',
  );
  if (missing.length > 0) {
    return Object.fromEntries(
      missing.map((name) => [name, `Please enter your ${detailLabels[name].toLowerCase()}`]),
    );
  }
  const errors: FieldErrors = {};
  if (details.lastName.includes('@')) errors.lastName = authMessages.lastNameAt;
  if (details.password.length < PASSWORD_MIN_LENGTH) errors.password = messages.passwordTooShort;
  // docs/product.md#pincode-directory: the same rule as every address form and the server.
  if (pincode.problem) errors.pincode = pincode.problem;
  const state = stateProblem(details.state);
  if (state) errors.state = state;
  return errors;
}

/** docs/product.md#pincode-directory: the city and state India Post gives a typed pincode; India as the country. */
function placeFields(place: PincodePlace) {
  return { city: place.city, state: place.state, country: 'India' };
}

/** docs/product.md#screens Signup view, after verification: the details form and the Sign Up button. */
export function SignupDetailsForm({
  contact,
  onFeedback,
  onLoggedIn,
  onSignedUpWithoutSession,
}: SignupDetailsFormProps) {
  const [details, setDetails] = useState(emptyDetails);
  const [pending, setPending] = useState(false);
  const fieldErrors = useFieldErrors();
  const queryClient = useQueryClient();
  const fillPlace = useCallback(
    (place: PincodePlace) => setDetails((current) => ({ ...current, ...placeFields(place) })),
    [],
  );

  function update(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const { name, value } = event.target;
    // docs/product.md#signup-rules: the last name field refuses any input containing @.
    if (name === 'lastName' && value.includes('@')) return;
    setDetails((current) => ({ ...current, [name]: value }));
    fieldErrors.clear(name);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!contact.verificationToken) {
      onFeedback({ kind: 'error', text: messages.verifyOtpFirst });
      return;
    }
    const body = signupBody(contact, details);
    const pincode = await checkPincode(queryClient, details.pincode);
    // docs/product.md#validation: the same rules, in the same order, as the server applies.
    const problem = signupProblem({ method: contact.channel, body }, lookUpOf(pincode));
    if (problem) {
      const byField = signupFieldErrors(contact, details, pincode);
      const phoneProblem = phoneRefusals.includes(problem);
      if (phoneProblem && contact.channel === 'email') byField.mobile = problem;
      // Beside the fields when they are known; otherwise the rule's message in the banner.
      onFeedback(Object.keys(byField).length > 0 ? null : { kind: 'error', text: problem });
      fieldErrors.show(byField);
      return;
    }
    onFeedback(null);
    fieldErrors.clear();
    setPending(true);
    try {
      const reply = await signUp(body);
      // docs/product.md#behaviour: a reply with the user signs in at once (the session cookie is the token here).
      if (reply.user?._id) onLoggedIn(reply.user);
      else onSignedUpWithoutSession();
    } catch (error) {
      onFeedback({ kind: 'error', text: authErrorMessage(error) });
      fieldErrors.show(serverFieldErrors(error));
    } finally {
      setPending(false);
    }
  }

  const field = (name: DetailName, label: string, autoComplete: string) => (
    <InputField
      label={label}
      error={fieldErrors.errors[name]}
      name={name}
      autoComplete={autoComplete}
      maxLength={200}
      value={details[name]}
      onChange={update}
    />
  );

  return (
    // noValidate: our own messages (docs/product.md#signup-rules) come from signupProblem, not the browser's bubbles.
    <form ref={fieldErrors.formRef} className="auth-form" noValidate onSubmit={submit}>
      <div className="auth-row">
        {field('firstName', 'First Name', 'given-name')}
        {field('lastName', 'Last Name', 'family-name')}
      </div>
      <InputField
        label="Password"
        error={fieldErrors.errors.password}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={6}
        maxLength={128}
        value={details.password}
        onChange={update}
      />
      {contact.channel === 'email' && (
        <InputField
          label="Mobile Number"
          error={fieldErrors.errors.mobile}
          name="mobile"
          type="tel"
          autoComplete="tel"
          maxLength={20}
          value={details.mobile}
          onChange={update}
        />
      )}
      <AddressFields values={details} errors={fieldErrors.errors} onChange={update} onPlace={fillPlace} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Signing up...' : 'Sign Up'}
      </Button>
    </form>
  );
}
