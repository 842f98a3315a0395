import type { RefObject } from 'react';

interface ApplyCouponButtonProps {
  panelId: string;
  expanded: boolean;
  onToggle: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/** docs/product.md#discount-codes: the price details' 'Apply Coupon', which opens the code's field and the offers. */
export function ApplyCouponButton({ panelId, expanded, onToggle, buttonRef }: ApplyCouponButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="coupon-link"
      aria-expanded={expanded}
      aria-controls={panelId}
      onClick={onToggle}
    >
      Apply Coupon
    </button>
  );
}

interface AppliedCouponProps {
  code: string;
  description: string;
  busy: boolean;
  onRemove: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/** The code on the cart, what it is, and Remove. */
export function AppliedCoupon({ code, description, busy, onRemove, buttonRef }: AppliedCouponProps) {
  return (
    <div className="coupon-applied">
      <p className="coupon-applied__text">
        <strong>{code}</strong> applied{description ? `: ${description}` : ''}
      </p>
      <button
        ref={buttonRef}
        type="button"
        className="coupon-link"
        aria-label={`Remove coupon ${code}`}
        disabled={busy}
        onClick={onRemove}
      >
        Remove
      </button>
    </div>
  );
}

/** What happened to a code (applied, dropped by a cart change, a campaign link's refused), announced. */
export function CouponNotice({ text }: { text: string | null }) {
  return (
    <p className="coupon-notice" role="status">
      {text}
    </p>
  );
}
