import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../contracts/auth';
import { jsonReply } from '../../../test/fake-api';
import { renderShop } from '../../../test/render-shop';
import { cartServer, deliveryRoute } from '../../../test/shop-lists';
import { aUser } from '../../../test/users';

// docs/product.md#delivery-address: a shopper without an address (phone or Google sign-in) fills it in at
// checkout, inline. The journey against the real server, paying after, is e2e/checkout-address.spec.ts.

const loading = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A Google shopper: a name and an e-mail, no phone, no address. */
const googleShopper = aUser({
  lastName: '',
  phone: '',
  mobile: '',
  houseName: '',
  streetArea: '',
  city: '',
  state: '',
  country: '',
  pincode: '',
});

async function renderCheckout(user: User = googleShopper) {
  const rendered = renderShop('/checkout', {
    user,
    api: {
      ...cartServer([{ id: 7, quantity: 1 }]).routes,
      ...deliveryRoute('560001', true, { city: 'Bengaluru', state: 'Karnataka' }),
      'GET /api/delivery/999999': () =>
        jsonReply(400, {
          message: "We could not find pincode 999999 in India Post's directory. Please check it.",
        }),
    },
  });
  const form = await screen.findByRole('region', { name: 'Where should we deliver?' }, loading);
  return { ...rendered, form };
}

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;
const stateSelect = (form: HTMLElement) =>
  within(form).getByRole('combobox', { name: 'State' }) as HTMLSelectElement;

/** In the order the form asks: the mobile, the pincode (which fills the city and state), house and street. */
async function fillAddress(form: HTMLElement, pincode: string) {
  const user = userEvent.setup();
  await user.type(field(form, 'Mobile number for delivery'), '+91 98450 12345');
  await user.type(field(form, 'Pincode'), pincode);
  await user.type(field(form, 'House/Flat No.'), 'Flat 4B, Lotus Residency');
  await user.type(field(form, 'Street/Area'), 'MG Road');
  return user;
}

/** The form's labelled controls, in the order they come. */
const fieldOrder = (form: HTMLElement) =>
  Array.from(
    form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'),
    (control) => control.labels?.[0]?.textContent ?? '',
  );

describe('the inline address form at checkout', { timeout: 30_000 }, () => {
  it('asks a shopper without an address for it on the page, and PLACE ORDER says it is missing', async () => {
    const user = userEvent.setup();
    const { form, api } = await renderCheckout();
    expect(screen.queryByRole('button', { name: 'CHANGE ADDRESS' })).toBeNull();
    expect(field(form, 'First Name').value).toBe('Asha');
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    expect(
      await screen.findByText('Please complete your profile with address details before placing order.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/payment/create-order')).toEqual([]);
  });

  it('asks in the order a shopper types: mobile, pincode, the city and state it fills, house and street, name', async () => {
    const { form } = await renderCheckout();
    expect(fieldOrder(form)).toEqual([
      'Mobile number for delivery',
      'Pincode',
      'City',
      'State',
      'Country',
      'House/Flat No.',
      'Street/Area',
      'First Name',
      'Last Name',
    ]);
  });

  it("offers India's 36 states and union territories to choose from, none chosen yet", async () => {
    const { form } = await renderCheckout();
    const options = Array.from(stateSelect(form).options, (option) => option.text);
    expect(options).toHaveLength(37);
    expect(options[0]).toBe('Choose your state');
    expect(options).toEqual(expect.arrayContaining(['Karnataka', 'Delhi', 'Ladakh', 'Puducherry']));
    expect(stateSelect(form).value).toBe('');
  });

  it('shows a saved state written another way (TN) as its name', async () => {
    const { form } = await renderCheckout(aUser({ ...googleShopper, state: 'TN' }));
    expect(stateSelect(form).value).toBe('Tamil Nadu');
  });

  it("offers a returning shopper's saved address in one tap: no form, PLACE ORDER pays to it", async () => {
    vi.stubGlobal('Razorpay', class {});
    const rendered = renderShop('/checkout', {
      user: aUser(),
      api: {
        ...cartServer([{ id: 7, quantity: 1 }]).routes,
        ...deliveryRoute('411001'),
        'POST /api/payment/create-order': () =>
          jsonReply(400, { message: 'Payments are paused for a moment.' }),
      },
    });
    const address = await screen.findByRole('region', { name: 'Delivery address' }, loading);
    expect(screen.queryByRole('region', { name: 'Where should we deliver?' })).toBeNull();
    expect(within(address).getByText('12 Silk Lane, Koregaon Park')).toBeTruthy();
    expect(within(address).getByText('Pune, Maharashtra')).toBeTruthy();
    expect(within(address).getByText('Mobile: 9876543211')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    expect(await screen.findByText('Payments are paused for a moment.')).toBeTruthy();
    expect(rendered.api.callsTo('POST /api/payment/create-order')).toHaveLength(1);
  });

  it('prefills the contact mobile from the account', async () => {
    const { form } = await renderCheckout(aUser({ pincode: '', phone: '9845012345' }));
    expect(field(form, 'Mobile number for delivery').value).toBe('9845012345');
  });

  it('fills the city and state as soon as the pincode is typed; the shopper may correct the city', async () => {
    const { form } = await renderCheckout();
    const user = userEvent.setup();
    await user.type(field(form, 'Pincode'), '560001');
    await waitFor(() => expect(field(form, 'City').value).toBe('Bengaluru'));
    expect(stateSelect(form).value).toBe('Karnataka');
    expect(field(form, 'Country').value).toBe('India');
    await user.clear(field(form, 'City'));
    await user.type(field(form, 'City'), 'Bangalore');
    expect(field(form, 'City').value).toBe('Bangalore');
    await user.selectOptions(stateSelect(form), 'Kerala');
    expect(stateSelect(form).value).toBe('Kerala');
  });

  it.each([
    ['5600AB', 'Pincode must be 6 digits and cannot start with 0'],
    ['1234567', 'Pincode must be 6 digits and cannot start with 0'],
    ['000000', 'Pincode must be 6 digits and cannot start with 0'],
    ['012345', 'Pincode must be 6 digits and cannot start with 0'],
    ['999999', "We could not find pincode 999999 in India Post's directory. Please check it."],
  ])('refuses the pincode %s beside the field, saving nothing', async (pincode, message) => {
    const { form, api } = await renderCheckout();
    const user = await fillAddress(form, pincode);
    await user.type(field(form, 'City'), 'Bengaluru');
    await user.selectOptions(stateSelect(form), 'Karnataka');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    const pincodeField = await within(form).findByRole('textbox', { name: 'Pincode', description: message });
    await waitFor(() => expect(document.activeElement).toBe(pincodeField));
    expect(api.callsTo('PUT /api/auth/profile')).toEqual([]);
  });

  it('refuses a mobile that is not one, and no state chosen', async () => {
    const { form, api } = await renderCheckout();
    const user = await fillAddress(form, '560001');
    await waitFor(() => expect(stateSelect(form).value).toBe('Karnataka'));
    await user.clear(field(form, 'Mobile number for delivery'));
    await user.type(field(form, 'Mobile number for delivery'), '12345');
    await user.selectOptions(stateSelect(form), 'Choose your state');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(
      await within(form).findByRole('combobox', { name: 'State', description: 'Please fill in this field.' }),
    ).toBeTruthy();
    expect(
      within(form).getByRole('textbox', {
        name: 'Mobile number for delivery',
        description: 'Phone number must be exactly 10 digits (e.g., 9876543211)',
      }),
    ).toBeTruthy();
    expect(api.callsTo('PUT /api/auth/profile')).toEqual([]);
  });

  it('refuses a saved state that is not Indian beside the select', async () => {
    const { form, api } = await renderCheckout(aUser({ ...googleShopper, state: 'Bavaria' }));
    expect(stateSelect(form).value).toBe('');
    const user = userEvent.setup();
    await user.type(field(form, 'Mobile number for delivery'), '9845012345');
    await user.type(field(form, 'House/Flat No.'), 'Flat 4B');
    await user.type(field(form, 'Street/Area'), 'MG Road');
    await user.type(field(form, 'City'), 'Munich');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(
      await within(form).findByRole('combobox', {
        name: 'State',
        description: 'Please choose your state or union territory.',
      }),
    ).toBeTruthy();
    expect(api.callsTo('PUT /api/auth/profile')).toEqual([]);
  });

  it('saves the address with its contact mobile; then the address shows and PLACE ORDER goes ahead', async () => {
    vi.stubGlobal('Razorpay', class {});
    const { form, api } = await renderCheckout();
    const saved = aUser({
      ...googleShopper,
      houseName: 'Flat 4B, Lotus Residency',
      streetArea: 'MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pincode: '560001',
      deliveryPhone: '9845012345',
    });
    api.on({
      'PUT /api/auth/profile': { ...saved, user: saved },
      'GET /api/auth/profile': { ...saved, user: saved },
      'POST /api/payment/create-order': () =>
        jsonReply(400, { message: 'Payments are paused for a moment.' }),
    });
    const user = await fillAddress(form, '560001');
    await waitFor(() => expect(field(form, 'City').value).toBe('Bengaluru'));
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    const address = await screen.findByRole('region', { name: 'Delivery address' }, loading);
    expect(within(address).getByText('Mobile: 9845012345')).toBeTruthy();
    expect(api.callsTo('PUT /api/auth/profile')[0]?.body).toMatchObject({
      houseName: 'Flat 4B, Lotus Residency',
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
      deliveryPhone: '+91 98450 12345',
    });
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    expect(await screen.findByText('Payments are paused for a moment.')).toBeTruthy();
    expect(api.callsTo('POST /api/payment/create-order')).toHaveLength(1);
  });
});
