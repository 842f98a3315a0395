import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileUpdate } from '../../../../contracts/auth';
import { ApiError } from '../../../lib/api-client';
import { aUser } from '../../../test/users';
import { ProfileCard } from './profile-card';

// Typing on a busy machine outlasts Vitest's default 5 s.
const testTimeout = 30_000;
// The card's zod schema loads on the first save: on a busy machine, after findBy's default second.
const slow = { timeout: 10_000 };

// The phone review's finding on the profile (docs/product.md#messages Profile): the pincode's error beside the
// field with focus on it, the banner in words, and after a save the success message with focus on Edit. (That
// both show on a phone's screen, with axe-core: e2e/accessibility.spec.ts.)

const tooShort = 'Pincode must be at least 6 characters long';

describe('the profile card’s pincode', () => {
  it(
    'refuses a short pincode beside the field, then says the save succeeded and gives focus to Edit',
    async () => {
      const user = userEvent.setup({ delay: null });
      // The server refuses the short pincode, naming the field (docs/product.md#validation).
      const onSave = vi.fn(async (_update: ProfileUpdate) => {});
      onSave.mockRejectedValueOnce(new ApiError(400, tooShort, [{ field: 'pincode', message: tooShort }]));
      render(
        <ProfileCard
          user={aUser()}
          onSave={onSave}
          onLogout={() => {}}
          renderPhoneVerification={() => null}
        />,
      );

      await user.click(screen.getByRole('button', { name: 'Edit' }));
      const pincode = screen.getByRole('textbox', { name: 'Pincode' });
      await user.clear(pincode);
      await user.type(pincode, '4110');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
        `Failed to update profile: ${tooShort}`,
      );
      expect(screen.getByRole('textbox', { name: 'Pincode', description: tooShort })).toBe(pincode);
      await waitFor(() => expect(document.activeElement).toBe(pincode));
      expect(onSave).toHaveBeenCalledOnce();

      await user.clear(pincode);
      await user.type(pincode, '411038');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2), slow);
      expect(onSave.mock.calls[1]?.[0]).toMatchObject({ pincode: '411038' });
      expect((await screen.findByRole('status', {}, slow)).textContent).toBe('Profile updated successfully!');
      expect(screen.queryByRole('alert')).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })));
    },
    testTimeout,
  );
});
