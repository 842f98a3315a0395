import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CodEligibility } from '../../../../contracts/cod';
import { codAdvanceMessages, codRiskMessages } from '../../../../contracts/cod-risk-rules';
import { PaymentChoice } from './payment-choice';

// docs/product.md#cod-risk-rules: a risk rule's refusal beside the cash-on-delivery choice.

const refusedBy = (
  reason: CodEligibility['refusals'][number]['reason'],
  message: string,
): CodEligibility => ({
  enabled: true,
  offered: false,
  feePaise: 4900,
  onlineTotalPaise: 167_300,
  prepaidOfferPaise: 0,
  codTotalPaise: 172_200,
  codCashPaise: 172_200,
  refusals: [{ reason, message }],
  advancePaise: 0,
  advanceReason: null,
});

describe('the payment choice refused by a COD risk rule', () => {
  it.each([
    ['first_order_limit', codRiskMessages.firstOrderLimit(150_000)],
    ['pincode_rto_rate', codRiskMessages.pincodeRtoRate('302001')],
  ] as const)(
    '%s: COD stays on screen, not choosable, described by the rule’s message',
    (reason, message) => {
      render(<PaymentChoice eligibility={refusedBy(reason, message)} value="online" onChange={() => {}} />);
      const cod = screen.getByRole('radio', { name: /Cash on delivery/ }) as HTMLInputElement;
      expect(cod.disabled).toBe(true);
      expect(screen.getByText(message)).toBeTruthy();
      const described = document.getElementById(cod.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe(message);
    },
  );

  it('says the first-order limit in rupees', () => {
    render(
      <PaymentChoice
        eligibility={refusedBy('first_order_limit', codRiskMessages.firstOrderLimit(150_000))}
        value="online"
        onChange={() => {}}
      />,
    );
    expect(
      screen.getByText('On a first order, cash on delivery is available up to ₹1,500. Please pay online.'),
    ).toBeTruthy();
  });
});

describe('the payment choice with an advance (docs/product.md#part-paid-cod)', () => {
  const withAdvance: CodEligibility = {
    ...refusedBy('pincode_rto_rate', ''),
    offered: true,
    refusals: [],
    advancePaise: 9_900,
    codCashPaise: 172_200 - 9_900,
    advanceReason: codRiskMessages.pincodeRtoAdvance('302001'),
  };

  it('chosen, says why, what is paid now and in cash, and what happens to the advance', async () => {
    render(<PaymentChoice eligibility={withAdvance} value="cod" onChange={() => {}} />);
    // The note loads with its own chunk, when first shown.
    await screen.findByText(codAdvanceMessages.terms);
    const cod = screen.getByRole('radio', { name: /Cash on delivery/ }) as HTMLInputElement;
    expect(cod.disabled).toBe(false);
    const described = document.getElementById(cod.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toContain(
      'Many cash-on-delivery parcels to pincode 302001 came back undelivered, so cash on delivery there needs a small advance paid by UPI.',
    );
    expect(described?.textContent).toContain(
      '₹99 now by UPI, ₹1,623 in cash when it arrives. Paying the advance confirms your order: no OTP needed.',
    );
    expect(described?.textContent).toContain(codAdvanceMessages.terms);
  });

  it('not chosen, says nothing of the advance', () => {
    render(<PaymentChoice eligibility={withAdvance} value="online" onChange={() => {}} />);
    expect(screen.queryByText(codAdvanceMessages.terms)).toBeNull();
  });
});
