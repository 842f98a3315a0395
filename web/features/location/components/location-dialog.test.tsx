import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShop } from '../../../test/render-shop';
import { deliveryRoute } from '../../../test/shop-lists';
import { aUser } from '../../../test/users';

// Routes and dialogs load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#screens: the header's location block and the Location modal. A signed-in shopper's block from
// the real server is in e2e/signed-in-hint.spec.ts.

function locationButton(name: string): HTMLElement {
  return within(screen.getByRole('banner')).getByRole('button', { name });
}

async function openLocation(name: string): Promise<HTMLElement> {
  const user = userEvent.setup();
  await screen.findByRole('region', { name: 'Our Mittens' });
  await user.click(await within(screen.getByRole('banner')).findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Choose your location' });
}

// The whole app renders in happy-dom: slow on a busy machine, never waiting on a clock.
describe('the location block and its modal', { timeout: 30_000 }, () => {
  it('shows a visitor Set Location and a modal without an address', async () => {
    const user = userEvent.setup();
    renderShop('/');
    const dialog = await openLocation('Deliver to Set Location');
    expect(within(dialog).getByText('No address found. Please update your profile.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Choose your location' })).toBeNull();
  });

  it("takes a visitor's pincode and shows its delivery date (docs/product.md#delivery-promise)", async () => {
    const user = userEvent.setup();
    renderShop('/', { api: deliveryRoute('560001', true, { city: 'Bengaluru', state: 'Karnataka' }) });
    const dialog = await openLocation('Deliver to Set Location');
    await user.type(within(dialog).getByLabelText('Check delivery'), '560001');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText('Delivery by Thu, 3 Dec')).toBeTruthy();
  });

  it('follows the pincode last checked: its city from the directory, over the saved address (issue 45)', async () => {
    const user = userEvent.setup();
    renderShop('/', {
      user: aUser({ city: 'Jaipur', pincode: '302001' }),
      api: deliveryRoute('560001', true, { city: 'Bengaluru', state: 'Karnataka' }),
    });
    const dialog = await openLocation('Deliver to Jaipur, 302001');
    await user.clear(within(dialog).getByLabelText('Check delivery'));
    await user.type(within(dialog).getByLabelText('Check delivery'), '560001');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText('Delivery by Thu, 3 Dec')).toBeTruthy();
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: 'Deliver to Bengaluru, 560001' }),
    ).toBeTruthy();
  });

  it("shows the shopper's city and pincode; the modal shows the address and leads to the profile", async () => {
    const user = userEvent.setup();
    renderShop('/', { user: aUser({ city: 'Jaipur', pincode: '302001' }) });
    const dialog = await openLocation('Deliver to Jaipur, 302001');
    expect(
      within(dialog).getByText('12 Silk Lane, Koregaon Park, Jaipur, Maharashtra, India, 302001'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Update Address' }));
    expect(screen.queryByRole('dialog', { name: 'Choose your location' })).toBeNull();
    expect(((await screen.findByLabelText('City')) as HTMLInputElement).value).toBe('Jaipur');
  });

  it('labels the block with the city alone when there is no pincode', async () => {
    renderShop('/', { user: aUser({ city: 'Kochi', pincode: '' }) });
    await screen.findByRole('region', { name: 'Our Mittens' });
    expect(locationButton('Deliver to Kochi')).toBeTruthy();
  });
});
