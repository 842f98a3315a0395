import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminCouponMessages } from '../../../../contracts/coupons';
import { aCoupon } from '../../../test/coupons';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { CouponFormDialog } from './coupon-form-dialog';

// docs/product.md#console-coupons: the form checks every field with the contract's schema, beside the field,
// before asking the server; times are typed on India's clock and sent as instants.

const products = [
  { id: 1, title: 'Face Mitt' },
  { id: 7, title: 'Luxury Mitt Black' },
];

function renderDialog(coupon?: ReturnType<typeof aCoupon>, used = false) {
  const onSaved = vi.fn();
  const { wrapper } = createQueryWrapper();
  render(
    <CouponFormDialog
      open
      coupon={coupon}
      used={used}
      products={products}
      onClose={() => {}}
      onSaved={onSaved}
    />,
    { wrapper },
  );
  return { onSaved, dialog: screen.getByRole('dialog', { hidden: true }) };
}

/** datetime-local inputs take their value whole, as a browser's picker gives it. */
function setDateTime(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the discount code form', () => {
  it('refuses each wrong field beside it, in the contract’s words, and sends nothing', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderDialog();

    await user.type(field('Code (3-20 letters or digits)'), 'W1');
    await user.type(field('Percent off (1-100)'), '150');
    await user.clear(field('Uses per shopper'));
    setDateTime('Valid from (IST)', '2026-12-01T10:00');
    setDateTime('Valid until (IST, optional)', '2026-12-01T09:00');
    await user.click(screen.getByRole('checkbox', { name: 'Public: listed at checkout as an offer' }));
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    const described = (label: string) => field(label).getAttribute('aria-describedby');
    const messageBeside = (label: string) => document.getElementById(described(label) ?? '')?.textContent;
    expect(messageBeside('Code (3-20 letters or digits)')).toBe(adminCouponMessages.codeFormat);
    expect(messageBeside('Percent off (1-100)')).toBe(adminCouponMessages.percentRange);
    expect(messageBeside('Uses per shopper')).toBe(adminCouponMessages.perShopperWhole);
    expect(field('Code (3-20 letters or digits)').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(field('Code (3-20 letters or digits)')));

    // Fixed, the checks across fields speak beside their field too.
    await user.type(field('Code (3-20 letters or digits)'), 'X');
    await user.clear(field('Percent off (1-100)'));
    await user.type(field('Percent off (1-100)'), '10');
    await user.type(field('Uses per shopper'), '1');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(messageBeside('Valid until (IST, optional)')).toBe(adminCouponMessages.untilAfterFrom);
    expect(api.calls).toEqual([]);
  });

  it('creates a code with every field, its IST times sent as instants', async () => {
    const created = aCoupon({ id: 12, code: 'FESTIVE15' });
    const api = fakeApi({
      'POST /api/admin/coupons': () => jsonReply(201, { message: 'Coupon created.', coupon: created }),
    });
    const user = userEvent.setup();
    const { onSaved } = renderDialog();

    await user.type(field('Code (3-20 letters or digits)'), 'festive15');
    await user.selectOptions(screen.getByLabelText('Kind'), 'percent');
    await user.type(field('Percent off (1-100)'), '15');
    await user.type(field('Most it takes off (₹, optional)'), '300');
    await user.clear(field('Minimum order (₹, before the code)'));
    await user.type(field('Minimum order (₹, before the code)'), '749');
    setDateTime('Valid from (IST)', '2026-12-01T10:00');
    setDateTime('Valid until (IST, optional)', '2026-12-31T23:59');
    await user.type(field('Total uses (empty: no limit)'), '500');
    await user.clear(field('Uses per shopper'));
    await user.type(field('Uses per shopper'), '2');
    await user.click(screen.getByRole('checkbox', { name: 'First order only' }));
    const productChoices = screen.getByRole('group', {
      name: 'Only these products (none ticked: every product)',
    });
    await user.click(within(productChoices).getByRole('checkbox', { name: 'Luxury Mitt Black' }));
    await user.click(screen.getByRole('checkbox', { name: 'Premium' }));
    await user.click(screen.getByRole('checkbox', { name: 'Public: listed at checkout as an offer' }));
    await user.type(
      field('Description for the checkout (up to 120 characters)'),
      '15% off orders of ₹749 or more',
    );
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Coupon created.', created));
    expect(api.callsTo('POST /api/admin/coupons').map((call) => call.body)).toEqual([
      {
        code: 'FESTIVE15',
        kind: 'percent',
        percentOff: 15,
        maxDiscountRupees: 300,
        amountOffRupees: null,
        minOrderRupees: 749,
        // 10:00 am and 11:59 pm in India are 4:30 am and 6:29 pm UTC.
        validFrom: '2026-12-01T04:30:00.000Z',
        validUntil: '2026-12-31T18:29:00.000Z',
        totalUses: 500,
        usesPerShopper: 2,
        firstOrderOnly: true,
        productIds: [7],
        categories: ['premium'],
        public: true,
        description: '15% off orders of ₹749 or more',
      },
    ]);
  });

  it("puts the server's refusal of a taken code beside the code", async () => {
    fakeApi({
      'POST /api/admin/coupons': () => jsonReply(409, { message: adminCouponMessages.codeTaken }),
    });
    const user = userEvent.setup();
    renderDialog();
    await user.type(field('Code (3-20 letters or digits)'), 'WELCOME10');
    await user.selectOptions(screen.getByLabelText('Kind'), 'free_shipping');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', {
          name: 'Code (3-20 letters or digits)',
          description: adminCouponMessages.codeTaken,
        }),
      ).toBeTruthy(),
    );
    expect(screen.getByRole('alert').textContent).toBe(adminCouponMessages.codeTaken);
  });

  it('edits a code by sending only what changed, its code fixed once used', async () => {
    const coupon = aCoupon();
    const api = fakeApi({ 'PATCH /api/admin/coupons/7': { message: 'Saved.', coupon } });
    const user = userEvent.setup();
    const { onSaved } = renderDialog(coupon, true);
    expect(field('Code (3-20 letters or digits)').readOnly).toBe(true);
    expect(screen.getByText(adminCouponMessages.codeFixedOnceUsed)).toBeTruthy();
    expect(field('Valid from (IST)').value).toBe('2026-12-01T00:00');
    expect(field('Valid until (IST, optional)').value).toBe('2026-12-31T23:59');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(adminCouponMessages.nothingToChange);
    expect(api.calls).toEqual([]);

    // From percent to flat: the percent goes, the amount comes.
    await user.selectOptions(screen.getByLabelText('Kind'), 'flat');
    await user.type(field('Amount off (₹)'), '100');
    await user.clear(field('Total uses (empty: no limit)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Saved.', coupon));
    expect(api.callsTo('PATCH /api/admin/coupons/7').map((call) => call.body)).toEqual([
      { kind: 'flat', percentOff: null, amountOffRupees: 100, totalUses: null },
    ]);
  });
});
