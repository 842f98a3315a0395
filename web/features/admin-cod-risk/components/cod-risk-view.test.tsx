import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PincodeRtoTable } from './cod-risk-view';

// docs/product.md#cod-risk-rules: the console's RTO rate by pincode.

describe('the RTO rate by pincode table', () => {
  it('shows each pincode with its COD orders, RTOs, rate and whether the rule refuses COD there', () => {
    render(
      <PincodeRtoTable
        pincodes={[
          {
            pincode: '302001',
            codOrders: 10,
            rtos: 5,
            ratePercent: 50,
            blocked: true,
            outcome: 'online_only',
          },
          { pincode: '400001', codOrders: 8, rtos: 4, ratePercent: 50, blocked: false, outcome: 'cod' },
          { pincode: '560001', codOrders: 20, rtos: 3, ratePercent: 15, blocked: false, outcome: 'cod' },
        ]}
      />,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Pincode', 'COD orders', 'RTO', 'Rate', 'COD']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['302001', '10', '5', '50 %', 'Refused: online only'],
      ['400001', '8', '4', '50 %', 'Offered'],
      ['560001', '20', '3', '15 %', 'Offered'],
    ]);
  });

  it('says so when no COD parcel came back', () => {
    render(<PincodeRtoTable pincodes={[]} />);
    expect(screen.getByText('No COD parcel has come back undelivered.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
