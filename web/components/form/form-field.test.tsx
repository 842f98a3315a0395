import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createQueryWrapper } from '../../test/query-wrapper';
import { AddressFields, type AddressValues } from './address-fields';
import { issueFieldErrors, serverFieldErrors } from './field-errors';
import { FieldWrapper, InputField, SelectField, TextareaField } from './form-field';

describe('the form field', () => {
  it('names its control by its label and says nothing more while the value is fine', () => {
    render(<InputField label="City" name="city" defaultValue="Pune" />);
    const city = screen.getByRole('textbox', { name: 'City' });
    expect(city.getAttribute('aria-invalid')).toBeNull();
    expect(city.getAttribute('aria-describedby')).toBeNull();
    expect(document.querySelector('.form-field__error')).toBeNull();
  });

  it('marks a refused value invalid and reads the reason with it', () => {
    render(
      <InputField label="Pincode" name="pincode" error="Pincode must be 6 digits and cannot start with 0" />,
    );
    const pincode = screen.getByRole('textbox', {
      name: 'Pincode',
      description: 'Pincode must be 6 digits and cannot start with 0',
    });
    expect(pincode.getAttribute('aria-invalid')).toBe('true');
    const describedBy = pincode.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy ?? '')?.textContent).toBe(
      'Pincode must be 6 digits and cannot start with 0',
    );
    // The form's banner is the alert; the field's message must not be a second one.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('wires a textarea and a select the same way', () => {
    render(
      <>
        <TextareaField label="Message" name="message" rows={4} error="Please enter a message" />
        <SelectField label="Sort products" error="Choose one">
          <option value="">Sort by</option>
        </SelectField>
      </>,
    );
    const message = screen.getByRole('textbox', { name: 'Message', description: 'Please enter a message' });
    expect(message.tagName).toBe('TEXTAREA');
    expect(message.getAttribute('rows')).toBe('4');
    const sort = screen.getByRole('combobox', { name: 'Sort products', description: 'Choose one' });
    expect(sort.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps a hidden label for screen readers', () => {
    render(
      <FieldWrapper label="Search mittens" hideLabel>
        {(control) => <input {...control} type="search" />}
      </FieldWrapper>,
    );
    const search = screen.getByRole('searchbox', { name: 'Search mittens' });
    expect(document.querySelector(`label[for="${search.id}"]`)?.className).toBe('visually-hidden');
  });

  it('gives each field its own ids', () => {
    render(
      <>
        <InputField label="First Name" error="Required" />
        <InputField label="Last Name" error="Required" />
      </>,
    );
    const first = screen.getByRole('textbox', { name: 'First Name' });
    const last = screen.getByRole('textbox', { name: 'Last Name' });
    expect(first.id).not.toBe(last.id);
    expect(first.getAttribute('aria-describedby')).not.toBe(last.getAttribute('aria-describedby'));
  });
});

describe('field errors', () => {
  it('keeps the first message the server gave for each field it names', () => {
    const error = new ApiError(400, 'Too big: expected string to have <=100 characters', [
      { field: 'city', message: 'Too big: expected string to have <=100 characters' },
      { field: 'city', message: 'Second complaint' },
      { field: 'body', message: 'Unrecognized key: "colour"' },
    ]);
    expect(serverFieldErrors(error)).toEqual({
      city: 'Too big: expected string to have <=100 characters',
      body: 'Unrecognized key: "colour"',
    });
    expect(serverFieldErrors(new Error('Network down'))).toEqual({});
  });

  it("names the fields of a schema's issues, and leaves out issues about the whole form", () => {
    expect(
      issueFieldErrors([
        { path: ['email'], message: 'Please enter a valid email address' },
        { path: [], message: 'Something about everything' },
        { path: ['address', 0], message: 'Nested' },
      ]),
    ).toEqual({ email: 'Please enter a valid email address', 'address.0': 'Nested' });
  });
});

const emptyAddress: AddressValues = {
  houseName: '',
  streetArea: '',
  city: '',
  state: '',
  country: '',
  pincode: '',
};

function EditableAddress() {
  const [values, setValues] = useState(emptyAddress);
  return (
    <>
      <AddressFields
        values={values}
        labels={{ houseName: 'House/Flat No.' }}
        errors={{ pincode: 'Pincode must be 6 digits and cannot start with 0' }}
        onChange={(event) =>
          setValues((current) => ({ ...current, [event.target.name]: event.target.value }))
        }
      />
      <output>{JSON.stringify(values)}</output>
    </>
  );
}

describe('the address fields', () => {
  it('asks for the address pincode first, with a form’s own wording where it has one', () => {
    const { container } = render(<EditableAddress />, { wrapper: createQueryWrapper().wrapper });
    expect(
      Array.from(container.querySelectorAll('input, select'), (control) => control.getAttribute('name')),
    ).toEqual(['pincode', 'city', 'state', 'country', 'houseName', 'streetArea']);
    // docs/product.md#delivery-address: the state is chosen from India's, not typed.
    expect(screen.getByRole('combobox', { name: 'State' }).getAttribute('autocomplete')).toBe(
      'address-level1',
    );
    expect(screen.getByRole('textbox', { name: 'House/Flat No.' }).getAttribute('autocomplete')).toBe(
      'address-line1',
    );
    expect(screen.getByRole('textbox', { name: 'Pincode' }).getAttribute('maxlength')).toBe('12');
    expect(
      screen.getByRole('textbox', {
        name: 'Pincode',
        description: 'Pincode must be 6 digits and cannot start with 0',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'City' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('hands each edit to the form under the field’s name', async () => {
    const user = userEvent.setup();
    render(<EditableAddress />, { wrapper: createQueryWrapper().wrapper });
    await user.type(screen.getByRole('textbox', { name: 'Street/Area' }), 'Bandra West');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Mumbai');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Maharashtra');
    expect(JSON.parse(screen.getByRole('status').textContent ?? '{}')).toMatchObject({
      streetArea: 'Bandra West',
      city: 'Mumbai',
      state: 'Maharashtra',
    });
  });

  it('can be read-only, the state shown as text', () => {
    render(<AddressFields values={{ ...emptyAddress, state: 'Goa' }} readOnly onChange={() => {}} />, {
      wrapper: createQueryWrapper().wrapper,
    });
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    for (const input of screen.getAllByRole('textbox')) expect(input.hasAttribute('readonly')).toBe(true);
    expect((screen.getByRole('textbox', { name: 'State' }) as HTMLInputElement).value).toBe('Goa');
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
