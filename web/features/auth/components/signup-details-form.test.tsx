import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { deliveryRoute } from '../../../test/shop-lists';
import { type Feedback, FeedbackBanner } from './feedback';
import { SignupDetailsForm } from './signup-details-form';

// Typing on a busy machine outlasts Vitest's default 5 s.
const testTimeout = 30_000;

// docs/product.md#signup-rules as the phone review asked: each problem beside its field, in the words of its
// label, and focus on the first field that has one. (On screen and in the error colour, with axe-core, in a real
// browser: e2e/accessibility.spec.ts.)

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The form under the modal's feedback banner, as the Sign Up dialog shows them after verification. */
function SignupAfterVerification({ onSignUp }: { onSignUp: () => void }) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return (
    <>
      <FeedbackBanner feedback={feedback} />
      <SignupDetailsForm
        contact={{ channel: 'email', address: 'asha@example.in', verificationToken: 'verified' }}
        onFeedback={setFeedback}
        onLoggedIn={onSignUp}
        onSignedUpWithoutSession={onSignUp}
      />
    </>
  );
}

function field(name: string) {
  return screen.getByLabelText(name, { selector: 'input' });
}

describe('the Sign Up details form', () => {
  it(
    'shows each error beside its field in words, and focuses the first invalid field',
    async () => {
      const user = userEvent.setup({ delay: null });
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      const onSignUp = vi.fn();
      render(<SignupAfterVerification onSignUp={onSignUp} />, { wrapper: createQueryWrapper().wrapper });

      await user.type(field('First Name'), 'Asha');
      await user.type(field('Last Name'), 'Verma');
      await user.type(field('Password'), 'silk');
      await user.type(field('Mobile Number'), '9876543210');
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));

      // docs/product.md#delivery-address: the pincode comes first of the address, so it is the first to fix.
      const pincode = await screen.findByRole('textbox', {
        name: 'Pincode',
        description: 'Please enter your pincode',
      });
      await waitFor(() => expect(document.activeElement).toBe(pincode));
      const houseName = screen.getByRole('textbox', {
        name: 'House Name',
        description: 'Please enter your house name',
      });
      expect(
        screen.getByRole('textbox', { name: 'Street/Area', description: 'Please enter your street/area' }),
      ).toBeTruthy();
      expect(screen.queryByText(/Please fill in all required fields/)).toBeNull();
      expect(screen.queryByText('houseName')).toBeNull();

      await user.type(houseName, '12 Silk Lane');
      await user.type(field('Street/Area'), 'Koregaon Park');
      await user.type(field('City'), 'Pune');
      await user.selectOptions(screen.getByLabelText('State', { selector: 'select' }), 'Maharashtra');
      await user.type(field('Country'), 'India');
      await user.type(field('Pincode'), '4110');
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));

      const password = field('Password');
      await waitFor(() => expect(document.activeElement).toBe(password));
      expect(password.getAttribute('aria-invalid')).toBe('true');
      expect(password.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Password must be at least 6 characters long',
      );
      expect(
        screen.getByRole('textbox', {
          name: 'Pincode',
          description: 'Pincode must be 6 digits and cannot start with 0',
        }),
      ).toBeTruthy();
      // Refused here: nothing went to the server.
      expect(fetchMock).not.toHaveBeenCalled();
      expect(onSignUp).not.toHaveBeenCalled();
    },
    testTimeout,
  );

  it(
    "fills city and state from a listed pincode, and refuses one India Post's directory does not list",
    async () => {
      const user = userEvent.setup({ delay: null });
      const unknown = "We could not find pincode 999999 in India Post's directory. Please check it.";
      const api = fakeApi({
        ...deliveryRoute('560001', true, { city: 'Bengaluru', state: 'Karnataka' }),
        'GET /api/delivery/999999': () => jsonReply(400, { message: unknown }),
      });
      const onSignUp = vi.fn();
      render(<SignupAfterVerification onSignUp={onSignUp} />, { wrapper: createQueryWrapper().wrapper });

      await user.type(field('First Name'), 'Asha');
      await user.type(field('Last Name'), 'Verma');
      await user.type(field('Password'), 'silk-mitten-42');
      await user.type(field('Mobile Number'), '+91 98450-12345');
      await user.type(field('House Name'), '12 Silk Lane');
      await user.type(field('Street/Area'), 'MG Road');
      await user.type(field('Pincode'), '560001');
      await waitFor(() => expect((field('City') as HTMLInputElement).value).toBe('Bengaluru'));
      expect((screen.getByLabelText('State', { selector: 'select' }) as HTMLSelectElement).value).toBe(
        'Karnataka',
      );
      expect((field('Country') as HTMLInputElement).value).toBe('India');

      await user.clear(field('Pincode'));
      await user.type(field('Pincode'), '999999');
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(await screen.findByRole('textbox', { name: 'Pincode', description: unknown })).toBeTruthy();
      expect(api.callsTo('POST /api/auth/signup')).toEqual([]);
      expect(onSignUp).not.toHaveBeenCalled();
    },
    testTimeout,
  );
});
