import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileUpdate } from '../../../../contracts/auth';
import { ApiError } from '../../../lib/api-client';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { deliveryRoute } from '../../../test/shop-lists';
import { aUser } from '../../../test/users';
import { type PhoneVerificationSlot, ProfileCard } from './profile-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

const needsOtp = 'Please verify the new phone number with an OTP before saving it.';

/** Stands in for the auth feature's OTP check: one click proves the number it was given. */
function fakePhoneVerification({ phone, onVerified }: PhoneVerificationSlot) {
  return (
    <button
      type="button"
      onClick={() =>
        onVerified({ phone: phone.replace(/^\+91\s*/, ''), verificationToken: `ticket-for-${phone}` })
      }
    >
      Prove {phone}
    </button>
  );
}

function renderCard(onSave: (update: ProfileUpdate) => Promise<void>) {
  fakeApi(deliveryRoute('411001'));
  render(
    <ProfileCard
      user={aUser({ phone: '9812345670', mobile: '9812345670' })}
      onSave={onSave}
      onLogout={() => {}}
      renderPhoneVerification={fakePhoneVerification}
    />,
    { wrapper: createQueryWrapper().wrapper },
  );
}

async function editPhone(user: ReturnType<typeof userEvent.setup>, phone: string) {
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const field = screen.getByRole('textbox', { name: 'Phone' });
  await user.clear(field);
  await user.type(field, phone);
}

describe('the profile card’s phone (docs/product.md#other-input)', () => {
  it('saves other fields without an OTP while the phone stays the same number', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async (_update: ProfileUpdate) => {});
    renderCard(onSave);
    await editPhone(user, '+91 9812345670');
    expect(screen.queryByRole('button', { name: /^Prove/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The card loads its zod schema on the first save (docs/operations.md#performance-budget).
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0]).not.toHaveProperty('phoneVerificationToken');
  });

  it('refuses to save a new phone until it is proved, then sends its ticket', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async (_update: ProfileUpdate) => {});
    renderCard(onSave);
    await editPhone(user, '9123456780');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(`Failed to update profile: ${needsOtp}`);
    expect(screen.getByRole('textbox', { name: 'Phone', description: needsOtp })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Prove 9123456780' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ phone: '9123456780', phoneVerificationToken: 'ticket-for-9123456780' }),
    );
  });

  it('asks for a new OTP when the number changes after it was proved, or a save with it failed', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async (_update: ProfileUpdate) => {
      throw new ApiError(409, 'This phone number belongs to another account.');
    });
    renderCard(onSave);
    await editPhone(user, '9123456780');
    await user.click(screen.getByRole('button', { name: 'Prove 9123456780' }));
    const field = screen.getByRole('textbox', { name: 'Phone' });
    await user.clear(field);
    await user.type(field, '9123456781');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Prove 9123456781' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to update profile: This phone number belongs to another account.',
    );
    // The ticket was spent by the refused save.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').textContent).toBe(`Failed to update profile: ${needsOtp}`);
  });
});
