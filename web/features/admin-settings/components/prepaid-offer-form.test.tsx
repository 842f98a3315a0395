import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type PrepaidOfferSettings, prepaidOfferMessages } from '../../../../contracts/prepaid-offer';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { PrepaidOfferForm } from './prepaid-offer-form';

// docs/product.md#prepaid-offer: the owner's prepaid offer, in rupees on the form and paise in the API.

const off: PrepaidOfferSettings = {
  enabled: false,
  kind: 'percent',
  percentOff: null,
  maxDiscountPaise: null,
  amountOffPaise: null,
  updatedAt: null,
  updatedBy: null,
};

function renderForm() {
  const { wrapper } = createQueryWrapper();
  return render(<PrepaidOfferForm settings={off} canEdit />, { wrapper });
}

describe('the prepaid offer form', () => {
  it('saves 5 % up to ₹50 in paise', async () => {
    const saved = { ...off, enabled: true, percentOff: 5, maxDiscountPaise: 5000 };
    const api = fakeApi({
      'PUT /api/admin/prepaid-offer': { message: prepaidOfferMessages.saved, settings: saved },
    });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByLabelText('Offer a discount for paying online'));
    await user.type(screen.getByLabelText('Percent off (1 to 50)'), '5');
    await user.type(screen.getByLabelText('At most (₹)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save prepaid offer' }));
    await waitFor(() => expect(screen.getByText(prepaidOfferMessages.saved)).toBeTruthy());
    expect(api.callsTo('PUT /api/admin/prepaid-offer').map((call) => call.body)).toEqual([
      { enabled: true, kind: 'percent', percentOff: 5, maxDiscountPaise: 5000, amountOffPaise: null },
    ]);
  });

  it('refuses a flat offer without its amount beside the field, without asking the server', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('Kind'), 'flat');
    await user.click(screen.getByRole('button', { name: 'Save prepaid offer' }));
    const amount = screen.getByLabelText('Amount off (₹)');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(prepaidOfferMessages.amountRange).length).toBeGreaterThan(0);
    expect(api.calls).toEqual([]);
  });
});
