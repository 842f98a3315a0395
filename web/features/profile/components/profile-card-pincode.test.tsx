import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileUpdate } from '../../../../contracts/auth';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { deliveryRoute } from '../../../test/shop-lists';
import { aUser } from '../../../test/users';
import { ProfileCard } from './profile-card';

// Typing on a busy machine outlasts Vitest's default 5 s.
const testTimeout = 30_000;
// The card's zod schema loads on the first save: on a busy machine, after findBy's default second.
const slow = { timeout: 10_000 };

// The phone review's finding on the profile (docs/product.md#messages Profile): the pincode's error beside the
// field with focus on it, the banner in words, and after a save the success message with focus on Edit. (That
// both show on a phone's screen, with axe-core: e2e/accessibility.spec.ts.)

afterEach(() => {
  vi.unstubAllGlobals();
});

const tooShort = 'Pincode must be 6 digits and cannot start with 0';

describe('the profile card’s pincode', () => {
  it(
    'refuses a short pincode beside the field, then says the save succeeded and gives focus to Edit',
    async () => {
      const user = userEvent.setup({ delay: null });
      // docs/product.md#pincode-directory: the card keeps the rule itself; the API names a listed pincode's place.
      const onSave = vi.fn(async (_update: ProfileUpdate) => {});
      fakeApi(deliveryRoute('411038'));
      render(
        <ProfileCard
          user={aUser()}
          onSave={onSave}
          onLogout={() => {}}
          renderPhoneVerification={() => null}
        />,
        { wrapper: createQueryWrapper().wrapper },
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
      expect(onSave).not.toHaveBeenCalled();

      await user.clear(pincode);
      await user.type(pincode, '411038');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(onSave).toHaveBeenCalledOnce(), slow);
      expect(onSave.mock.calls[0]?.[0]).toMatchObject({ pincode: '411038' });
      expect((await screen.findByRole('status', {}, slow)).textContent).toBe('Profile updated successfully!');
      expect(screen.queryByRole('alert')).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })));
    },
    testTimeout,
  );
});
