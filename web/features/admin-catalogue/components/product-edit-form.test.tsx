import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminProductDetail } from '../../../../contracts/admin-catalogue';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { ProductEditForm } from './product-edit-form';

const product: AdminProductDetail = {
  id: 41,
  title: 'Journey mitt',
  price: 600,
  discount: 0,
  discountedPrice: 600,
  active: true,
  stock: 30,
  held: 0,
  lowStockThreshold: 5,
  lowStock: false,
  image: null,
  description: 'A mitt made for this test.',
  category: 'gloves',
  sku: 'E2E-41',
  weightGrams: 150,
  images: [],
  whyChoose: 'Warm.',
  benefits: ['Soft'],
  changesObserved: 'None.',
  hsnCode: '6307',
  gstRateBasisPoints: 500,
  codAllowed: true,
  updatedAt: '2026-11-23T10:00:00.000Z',
  movements: [],
};

function renderForm(onSaved = vi.fn()) {
  const { wrapper } = createQueryWrapper();
  render(<ProductEditForm product={product} canEdit onSaved={onSaved} />, { wrapper });
  return onSaved;
}

// docs/product.md#console-catalogue: the form refuses a value beside its field before asking the server.
describe("the console's product form", () => {
  it('refuses a price of 0 beside the price field and sends nothing', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderForm();

    await user.clear(screen.getByLabelText('Price (MRP, ₹)'));
    await user.type(screen.getByLabelText('Price (MRP, ₹)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getAllByText('Please give the price in whole rupees, more than 0.').length).toBeGreaterThan(
      0,
    );
    expect(screen.getByLabelText('Price (MRP, ₹)').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('refuses an HSN code of 5 digits, then saves a right one with its GST rate', async () => {
    const saved = { ...product, hsnCode: '6308', gstRateBasisPoints: 1800 };
    const api = fakeApi({ 'PATCH /api/admin/products/41': { message: 'Saved.', product: saved } });
    const user = userEvent.setup();
    const onSaved = renderForm();
    const hsn = screen.getByLabelText('HSN code (4, 6 or 8 digits)');

    await user.clear(hsn);
    await user.type(hsn, '63079');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Please give an HSN code of 4, 6 or 8 digits.').length).toBeGreaterThan(0);
    expect(hsn.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);

    await user.clear(hsn);
    await user.type(hsn, '6308');
    await user.selectOptions(screen.getByLabelText('GST rate'), '1800');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Saved.'));
    expect(api.callsTo('PATCH /api/admin/products/41').map((call) => call.body)).toEqual([
      { hsnCode: '6308', gstRateBasisPoints: 1800 },
    ]);
    expect((screen.getByLabelText('GST rate') as HTMLSelectElement).value).toBe('1800');
  });

  it('sends only "COD allowed" when the owner unticks it (docs/product.md#cash-on-delivery)', async () => {
    const api = fakeApi({
      'PATCH /api/admin/products/41': { message: 'Saved.', product: { ...product, codAllowed: false } },
    });
    const user = userEvent.setup();
    const onSaved = renderForm();
    await user.click(screen.getByLabelText('Cash on delivery allowed'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Saved.'));
    expect(api.callsTo('PATCH /api/admin/products/41').map((call) => call.body)).toEqual([
      { codAllowed: false },
    ]);
  });
});
