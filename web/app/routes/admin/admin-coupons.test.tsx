import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminCouponMessages } from '../../../../contracts/coupons';
import { aCoupon, someStats } from '../../../test/coupons';
import { jsonReply } from '../../../test/fake-api';
import { renderConsole } from '../../../test/render-console';

// docs/product.md#console-coupons: the Discount codes list and a code's page, for an owner and for support
// (who reads). The form's checks are web/features/admin-coupons/components/coupon-form-dialog.test.tsx; the
// journey with the real server is e2e/coupons.spec.ts.

const loading = { timeout: 10_000 };
const noProducts = { 'GET /api/admin/products': { products: [] } };

function detailsOf(scope: HTMLElement): Record<string, string> {
  const terms = [...scope.querySelectorAll('dt')];
  return Object.fromEntries(
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

const welcome = aCoupon();
const festive = aCoupon({
  id: 8,
  code: 'FLAT100',
  kind: 'flat',
  percentOff: null,
  amountOffRupees: 100,
  minOrderRupees: 0,
  validUntil: null,
  totalUses: null,
  status: 'paused',
  public: false,
});

describe('the Discount codes page', () => {
  it('lists each code with its kind, value, status, validity in IST, uses, discount given and revenue', async () => {
    renderConsole('/admin/coupons', {
      api: {
        ...noProducts,
        'GET /api/admin/coupons': {
          coupons: [
            {
              ...welcome,
              stats: someStats({
                usedCount: 3,
                heldCount: 1,
                discountGivenPaise: 200_70,
                revenuePaise: 2_006_30,
              }),
            },
            { ...festive, stats: someStats() },
          ],
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Discount codes' }, loading);
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'WELCOME10' }).getAttribute('href')).toBe(
      '/admin/coupons/7',
    );
    expect(detailsOf(first)).toEqual({
      Kind: 'Percent off',
      Value: '10% off',
      Status: 'Active',
      Valid: 'From 1 Dec 2026, 12:00 am IST until 31 Dec 2026, 11:59 pm IST',
      Uses: '3/100, 1 held by checkouts in progress',
      'Discount given': '₹200.70',
      Revenue: '₹2,006.30',
      'Minimum order': '₹500',
    });
    expect(detailsOf(second)).toMatchObject({
      Kind: 'Flat amount off',
      Value: '₹100 off',
      Status: 'Paused',
      Uses: '0 (no limit)',
      'Minimum order': 'None',
    });
    expect(detailsOf(second).Valid).toMatch(/, no end$/);
    expect(screen.getByRole('button', { name: 'New discount code' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discount codes' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when there are no codes yet', async () => {
    renderConsole('/admin/coupons', { api: { ...noProducts, 'GET /api/admin/coupons': { coupons: [] } } });
    expect(await screen.findByText('No discount codes yet.', {}, loading)).toBeTruthy();
  });

  it("shows the server's refusal when the list cannot be read", async () => {
    renderConsole('/admin/coupons', {
      api: {
        ...noProducts,
        'GET /api/admin/coupons': () => jsonReply(403, { message: 'Only staff can see this.' }),
      },
    });
    expect((await screen.findByRole('alert', {}, loading)).textContent).toBe('Only staff can see this.');
  });

  it('lets support read the codes, with no way to create or change one', async () => {
    renderConsole('/admin/coupons', {
      role: 'support',
      api: { ...noProducts, 'GET /api/admin/coupons': { coupons: [{ ...welcome, stats: someStats() }] } },
    });
    expect(await screen.findByRole('link', { name: 'WELCOME10' }, loading)).toBeTruthy();
    expect(screen.getByText('Only an owner can create or change discount codes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New discount code' })).toBeNull();
  });
});

const orders = [
  {
    id: '1a2b3c4d-0000-4000-8000-000000000001',
    number: 'OM-1A2B3C4D',
    createdAt: '2026-12-02T06:30:00.000Z',
    status: 'processing' as const,
    couponDiscountPaise: 59_90,
    totalPaise: 614_10,
    customerName: 'Asha Verma',
  },
];

function codePage(role: 'owner' | 'support', coupon = welcome) {
  return renderConsole(`/admin/coupons/${coupon.id}`, {
    role,
    api: {
      'GET /api/admin/products': {
        products: [{ id: 7, title: 'Luxury Mitt Black' }],
      },
      [`GET /api/admin/coupons/${coupon.id}`]: {
        coupon,
        stats: someStats({ usedCount: 1, discountGivenPaise: 59_90, revenuePaise: 614_10 }),
        orders,
      },
    },
  });
}

describe("a code's page", () => {
  it('shows how it did, its terms and the orders that used it, each linking to its console page', async () => {
    codePage('support', aCoupon({ productIds: [7], categories: ['bath'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Code WELCOME10' }, loading)).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'How it did' });
    expect(detailsOf(stats)).toMatchObject({ Uses: '1/100', 'Discount given': '₹59.90', Revenue: '₹614.10' });
    await waitFor(() =>
      expect(detailsOf(screen.getByRole('region', { name: 'Terms' }))).toEqual({
        'Uses per shopper': '1',
        'First order only': 'Yes',
        'Applies to': 'Luxury Mitt Black, Bath (category)',
        'Listed at checkout': 'Yes: "10% off your first order"',
      }),
    );
    const used = screen.getByRole('region', { name: 'Orders that used it' });
    expect(within(used).getByRole('link', { name: 'OM-1A2B3C4D' }).getAttribute('href')).toBe(
      '/admin/orders/1a2b3c4d-0000-4000-8000-000000000001',
    );
    expect(
      within(used)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['OM-1A2B3C4D', '2 Dec 2026, 12:00 pm IST', 'Asha Verma', 'Processing', '₹59.90', '₹614.10']);
    // Support reads: no actions.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End' })).toBeNull();
  });

  it('lets an owner pause a code', async () => {
    const user = userEvent.setup();
    const { api } = codePage('owner');
    api.on({ 'PATCH /api/admin/coupons/7': { message: 'Saved.', coupon: { ...welcome, status: 'paused' } } });
    await user.click(await screen.findByRole('button', { name: 'Pause' }, loading));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(api.callsTo('PATCH /api/admin/coupons/7').map((call) => call.body)).toEqual([
      { status: 'paused' },
    ]);
  });

  it('lets an owner resume a paused code', async () => {
    const user = userEvent.setup();
    const { api } = codePage('owner', aCoupon({ status: 'paused' }));
    api.on({ 'PATCH /api/admin/coupons/7': { message: 'Saved.', coupon: welcome } });
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Resume' }, loading));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(api.callsTo('PATCH /api/admin/coupons/7').map((call) => call.body)).toEqual([
      { status: 'active' },
    ]);
  });

  it('asks before ending a code, and shows the refusal in the dialog', async () => {
    const user = userEvent.setup();
    const { api } = codePage('owner');
    api.on({
      'PATCH /api/admin/coupons/7': () => jsonReply(409, { message: adminCouponMessages.endedIsFinal }),
    });
    await user.click(await screen.findByRole('button', { name: 'End' }, loading));
    const dialog = screen.getByRole('dialog', { name: 'End WELCOME10?' });
    expect(api.callsTo('PATCH /api/admin/coupons/7')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /api/admin/coupons/7')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'End' }));
    const again = screen.getByRole('dialog', { name: 'End WELCOME10?' });
    await user.click(within(again).getByRole('button', { name: 'End the code' }));
    expect((await within(again).findByRole('alert')).textContent).toBe(adminCouponMessages.endedIsFinal);
    expect(api.callsTo('PATCH /api/admin/coupons/7').map((call) => call.body)).toEqual([{ status: 'ended' }]);
  });

  it('of an ended code offers no actions', async () => {
    codePage('owner', aCoupon({ status: 'ended' }));
    expect(
      await screen.findByText('This code has ended: it can no longer be changed or restarted.', {}, loading),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says so when the code does not exist', async () => {
    renderConsole('/admin/coupons/99', {
      api: {
        ...noProducts,
        'GET /api/admin/coupons/99': () => jsonReply(404, { message: adminCouponMessages.notFound }),
      },
    });
    expect((await screen.findByRole('alert', {}, loading)).textContent).toBe(adminCouponMessages.notFound);
    expect(screen.getByRole('link', { name: 'Back to discount codes' })).toBeTruthy();
  });
});
