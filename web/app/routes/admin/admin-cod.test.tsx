import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CodOverview, RemittanceImport } from '../../../../contracts/cod-money';
import { jsonReply } from '../../../test/fake-api';
import { renderConsole } from '../../../test/render-console';

// docs/product.md#cod-remittances: the Cash on delivery page, for an owner (who imports) and for support (who
// reads). The import and matching with the real server are server/http/console/cod-remittances.test.ts.

const loading = { timeout: 10_000 };

const anImport = (overrides: Partial<RemittanceImport> = {}): RemittanceImport => ({
  id: 'import-1',
  status: 'queued',
  statusLabel: 'Waiting to start',
  source: 'file',
  linesTotal: 2,
  linesDone: 0,
  remittances: 0,
  repeated: 0,
  mismatches: 0,
  message: null,
  error: null,
  createdAt: '2026-11-26T06:30:00.000Z',
  finishedAt: null,
  ...overrides,
});

const overview = (overrides: Partial<CodOverview> = {}): CodOverview => ({
  imports: [],
  duePaise: 188_350,
  due: [
    {
      orderId: '11111111-1111-4111-8111-111111111111',
      orderNumber: 'OM-11111111',
      customerName: 'Asha Rao',
      amountPaise: 133_450,
      deliveredAt: '2026-11-01T06:30:00.000Z',
      awb: 'SRX100',
      overdue: true,
    },
    {
      orderId: '22222222-2222-4222-8222-222222222222',
      orderNumber: 'OM-22222222',
      customerName: 'Ravi Kumar',
      amountPaise: 54_900,
      deliveredAt: '2026-11-24T06:30:00.000Z',
      awb: 'SRX101',
      overdue: false,
    },
  ],
  remittedPaise: 99_800,
  remittances: [
    {
      id: 'r1',
      reference: '1764000000',
      utr: 'UTIBN12345678901',
      remittedOn: '2026-11-25',
      amountPaise: 99_800,
      orders: 2,
      mismatches: 1,
      importedAt: '2026-11-26T06:30:00.000Z',
      lines: [
        {
          id: 'line-2',
          orderId: '33333333-3333-4333-8333-333333333333',
          orderNumber: 'OM-33333333',
          line: 2,
          awb: 'SRX090',
          fileOrderId: '33333333-3333-4333-8333-333333333333',
          codAmountPaise: 59_900,
          remittedAmountPaise: 59_900,
          expectedPaise: 59_900,
          mismatch: null,
        },
        {
          id: 'line-3',
          orderId: '44444444-4444-4444-8444-444444444444',
          orderNumber: 'OM-44444444',
          line: 3,
          awb: 'SRX091',
          fileOrderId: '44444444-4444-4444-8444-444444444444',
          codAmountPaise: 42_400,
          remittedAmountPaise: 39_900,
          expectedPaise: 42_400,
          mismatch: 'short',
        },
      ],
    },
  ],
  mismatches: [
    {
      id: 'line-3',
      orderId: '44444444-4444-4444-8444-444444444444',
      orderNumber: 'OM-44444444',
      line: 3,
      awb: 'SRX091',
      fileOrderId: '44444444-4444-4444-8444-444444444444',
      codAmountPaise: 42_400,
      remittedAmountPaise: 39_900,
      expectedPaise: 42_400,
      mismatch: 'short',
      remittanceReference: '1764000000',
      utr: 'UTIBN12345678901',
    },
  ],
  overdueAfterDays: 14,
  simulatorOn: false,
  ...overrides,
});

describe('the Cash on delivery page', () => {
  it('shows the cash due with the overdue marked, the mismatches, and each remittance with its parcels', async () => {
    renderConsole('/admin/cod', { role: 'support', api: { 'GET /api/admin/cod': overview() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash on delivery' }, loading)).toBeTruthy();
    expect(screen.getByText('Only an owner can import a remittance.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark as checked/ })).toBeNull();
    expect(screen.queryByLabelText('Remittance file (CSV)')).toBeNull();
    const due = await screen.findByRole('list', { name: 'Cash due' });
    const [late, recent] = within(due).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(late).getByRole('link', { name: 'OM-11111111' }).getAttribute('href')).toBe(
      '/admin/orders/11111111-1111-4111-8111-111111111111',
    );
    expect(late.textContent).toContain('Overdue');
    expect(recent.textContent).not.toContain('Overdue');
    expect(screen.getByText(/₹1,883\.50 collected on delivery and not remitted yet\./)).toBeTruthy();
    const mismatches = screen.getByRole('list', { name: 'Mismatches' });
    expect(mismatches.textContent).toContain('Remitted less than the amount to collect.');
    expect(mismatches.textContent).toContain('remitted ₹399.00 of ₹424.00 to collect');
    const remittances = screen.getByRole('list', { name: 'Remittances' });
    expect(remittances.textContent).toContain('₹998.00, UTR UTIBN12345678901, 2 parcels (1 mismatch)');
  });

  it('says so when nothing is due, remitted or mismatched', async () => {
    renderConsole('/admin/cod', {
      api: {
        'GET /api/admin/cod': overview({
          duePaise: 0,
          due: [],
          remittedPaise: 0,
          remittances: [],
          mismatches: [],
        }),
      },
    });
    expect(await screen.findByText('No cash is waiting with the courier.', {}, loading)).toBeTruthy();
    expect(screen.getByText('No remittance has been imported yet.')).toBeTruthy();
    expect(screen.getByText('Every remitted parcel matched its order.')).toBeTruthy();
  });

  it('lets an owner import a file, reporting its mismatches, or the reason it cannot be read', async () => {
    const { api } = renderConsole('/admin/cod', {
      api: {
        'GET /api/admin/cod': overview(),
        'POST /api/admin/cod/remittances': () =>
          jsonReply(400, {
            message: 'The remittance file cannot be read: line 1: the header has no "UTR" column',
          }),
      },
    });
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Remittance file (CSV)', {}, loading);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('Please choose the remittance file (CSV) exported from Shiprocket.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run a simulated remittance' })).toBeNull();

    const csv = 'CRF ID,UTR,Remittance Date,AWB,Order ID,COD Amount,Remitted Amount\n';
    await user.upload(input, new File([csv], 'remittance.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('The remittance file cannot be read: line 1: the header has no "UTR" column'),
    ).toBeTruthy();

    // The import runs in the background: the page reads its progress again until it is done.
    const states = [
      anImport(),
      anImport({ status: 'running', statusLabel: 'Importing', linesDone: 1 }),
      anImport({
        status: 'done',
        statusLabel: 'Imported',
        linesDone: 2,
        remittances: 1,
        mismatches: 1,
        message: '1 remittance imported with 2 parcels.',
        finishedAt: '2026-11-26T06:31:00.000Z',
      }),
    ];
    let read = 0;
    api.on({
      'POST /api/admin/cod/remittances': jsonReply(202, {
        message: 'The file is being imported (2 parcels): its progress is shown below.',
        import: anImport(),
      }),
      'GET /api/admin/cod': () =>
        overview({ imports: [states[Math.min(read++, states.length - 1)] ?? anImport()] }),
    });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('The file is being imported (2 parcels): its progress is shown below.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/admin/cod/remittances').at(-1)?.body).toEqual({ csv });
    const imports = await screen.findByRole('list', { name: 'Imports' });
    await waitFor(() => expect(imports.textContent).toContain('Importing: 1 of 2 parcels'), {
      timeout: 8_000,
    });
    expect(within(imports).getByRole('progressbar', { name: 'Parcels imported' })).toBeTruthy();
    await waitFor(() => expect(imports.textContent).toContain('Imported: 2 of 2 parcels, 1 not matching'), {
      timeout: 8_000,
    });
    expect(imports.textContent).toContain(
      '1 remittance imported with 2 parcels. 1 line does not match: see Mismatches.',
    );
    expect(within(imports).queryByRole('progressbar')).toBeNull();
  });

  it('offers a simulated remittance while the Shiprocket simulator runs', async () => {
    const { api } = renderConsole('/admin/cod', {
      api: {
        'GET /api/admin/cod': overview({ simulatorOn: true }),
        'POST /api/admin/cod/remittances/simulate': {
          message: '1 remittance imported with 2 parcels.',
          import: anImport({
            status: 'done',
            statusLabel: 'Imported',
            source: 'simulator',
            linesDone: 2,
            remittances: 1,
            message: '1 remittance imported with 2 parcels.',
          }),
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run a simulated remittance' }, loading));
    expect(await screen.findByText('1 remittance imported with 2 parcels.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/cod/remittances/simulate')).toHaveLength(1);
  });
  it('lets an owner mark a mismatch as checked, and reads the page again', async () => {
    const { api } = renderConsole('/admin/cod', {
      api: {
        'GET /api/admin/cod': overview(),
        'POST /api/admin/cod/mismatches/line-3/check': { message: 'The mismatch is marked as checked.' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as checked: AWB SRX091' }, loading));
    expect(await screen.findByText('The mismatch is marked as checked.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/cod/mismatches/line-3/check')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/admin/cod').length).toBeGreaterThan(1));
  });
});
