import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { deliveryRoute } from '../../../test/shop-lists';
import { aUser } from '../../../test/users';
import { AddressDialog } from './address-dialog';

const tooLong = 'Too big: expected string to have <=100 characters';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog(onSave: Parameters<typeof AddressDialog>[0]['onSave']) {
  fakeApi(deliveryRoute('411001'));
  render(<AddressDialog open user={aUser()} onClose={() => {}} onSave={onSave} />, {
    wrapper: createQueryWrapper().wrapper,
  });
  return screen.getByRole('dialog', { name: 'Change Address' });
}

describe('the Change Address dialog', () => {
  it("edits the profile's name and address, House/Flat No. included", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    const dialog = renderDialog(onSave);

    const house = within(dialog).getByRole('textbox', { name: 'House/Flat No.' });
    await user.clear(house);
    await user.type(house, '4B Lotus Court');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        firstName: 'Asha',
        lastName: 'Verma',
        houseName: '4B Lotus Court',
        streetArea: 'Koregaon Park',
        city: 'Pune',
        state: 'Maharashtra',
        country: 'India',
        pincode: '411001',
        // docs/product.md#delivery-address: the contact mobile, prefilled from the account.
        deliveryPhone: '9876543211',
      }),
    );
  });

  it('shows the server’s reason, and beside each field it names, until that field is edited', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog(async () => {
      throw new ApiError(400, tooLong, [{ field: 'city', message: tooLong }]);
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(tooLong);
    const city = within(dialog).getByRole('textbox', { name: 'City', description: tooLong });
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('combobox', { name: 'State' }).getAttribute('aria-invalid')).toBeNull();

    await user.type(city, 'x');
    expect(city.getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).queryByText(tooLong, { selector: '.form-field__error' })).toBeNull();
  });
});
