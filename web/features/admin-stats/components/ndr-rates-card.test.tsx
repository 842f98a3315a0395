import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NdrRates } from '../../../../contracts/ndr-rules';
import { deferred } from '../../../test/deferred';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { anNdrRate } from '../../../test/ndr';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { formatRate, NdrRatesCard } from './ndr-rates-card';

// docs/product.md#failed-deliveries: the dashboard's NDR and RTO card. The figures themselves are the server's.

afterEach(() => vi.unstubAllGlobals());

const RATES = 'GET /api/admin/ndr/rates';

function renderCard() {
  const { wrapper } = createQueryWrapper();
  return render(<NdrRatesCard />, { wrapper });
}

/** Each row of a table as its cells' texts. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('the NDR and RTO card', () => {
  it('writes a rate as a percentage, with a dash for none', () => {
    expect(formatRate(0.15)).toBe('15%');
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(1 / 3)).toBe('33.3%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('–');
  });

  it('says loading, then shows the rates by courier and by pincode as the server ordered them', async () => {
    const reply = deferred<NdrRates>();
    const api = fakeApi({ [RATES]: () => reply.promise });
    renderCard();
    expect((await screen.findByText('Loading the delivery rates…')).getAttribute('role')).toBe('status');
    reply.resolve({
      days: 30,
      byCourier: [
        anNdrRate({ key: 'Ekart', shipments: 8, ndrs: 3, rtos: 2, ndrRate: 0.375, rtoRate: 0.25 }),
        anNdrRate(),
      ],
      byPincode: [anNdrRate({ key: '560001', shipments: 4, ndrs: 2, rtos: 1, ndrRate: 0.5, rtoRate: 0.25 })],
    });
    const card = await screen.findByRole('region', { name: 'NDR and RTO' });
    expect(api.callsTo(RATES)[0]?.path).toBe('/api/admin/ndr/rates?days=30');
    expect(rowsOf(await within(card).findByRole('table', { name: 'NDR and RTO by courier' }))).toEqual([
      ['Ekart', '8', '3', '37.5%', '2', '25%'],
      ['Delhivery Surface', '40', '6', '15%', '2', '5%'],
    ]);
    expect(rowsOf(within(card).getByRole('table', { name: 'NDR and RTO by pincode' }))).toEqual([
      ['560001', '4', '2', '50%', '1', '25%'],
    ]);
    expect(within(card).getByText(/in the last 30 days/)).toBeTruthy();
  });

  it('says so when no parcel was handed to a courier', async () => {
    fakeApi({ [RATES]: { days: 30, byCourier: [], byPincode: [] } satisfies NdrRates });
    renderCard();
    expect(await screen.findByText('No parcels were handed to a courier in the last 30 days.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when no pincode had a failed delivery', async () => {
    fakeApi({
      [RATES]: {
        days: 30,
        byCourier: [anNdrRate({ ndrs: 0, rtos: 0, ndrRate: 0, rtoRate: 0 })],
        byPincode: [],
      } satisfies NdrRates,
    });
    renderCard();
    expect(await screen.findByText('No pincode had a failed delivery.')).toBeTruthy();
    expect(screen.getAllByRole('table')).toHaveLength(1);
  });

  it("shows the server's refusal", async () => {
    fakeApi({ [RATES]: () => jsonReply(403, { success: false, message: 'Staff only.' }) });
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toBe('Staff only.');
  });
});
