import { codAdvanceMessages } from '../../../../contracts/cod-risk-rules';

interface CodAdvanceNoteProps {
  /** Why this order asks an advance, as the server says. */
  reason: string | null;
  advancePaise: number;
  cashPaise: number;
}

/**
 * docs/product.md#part-paid-cod: what COD with an advance takes now by UPI and later in cash, and what becomes of
 * the advance. Loaded only when such a COD is chosen: most checkouts never show it.
 */
export function CodAdvanceNote({ reason, advancePaise, cashPaise }: CodAdvanceNoteProps) {
  return (
    <div className="payment-choice__advance">
      {reason && <p>{reason}</p>}
      <p>
        <strong>{codAdvanceMessages.split(advancePaise, cashPaise)}</strong>
      </p>
      <p>{codAdvanceMessages.terms}</p>
    </div>
  );
}
