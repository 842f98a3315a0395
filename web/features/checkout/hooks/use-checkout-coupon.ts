import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { couponMessages, normaliseCouponCode } from '../../../../contracts/coupon-rules';
import { clearPendingCoupon, readPendingCoupon } from '../../../lib/pending-coupon';

/** What the cart offers the checkout to do with its code (web/features/cart's useCartCoupon). */
export interface CouponActions {
  /** Rejects with the server's refusal. */
  apply: (code: string) => Promise<void>;
  remove: () => Promise<void>;
}

interface CheckoutCouponOptions {
  actions: CouponActions;
  /** The code on the cart, if any. */
  appliedCode: string | null;
  /** A signed-in shopper's cart has arrived with lines to apply a code to. */
  cartReady: boolean;
}

export interface CheckoutCoupon {
  panelOpen: boolean;
  togglePanel: () => void;
  /** Why the last code typed or chosen was refused, beside the field. */
  refusal: string | null;
  /** News about the code: applied, or a campaign link's code refused. */
  notice: string | null;
  busy: boolean;
  applyCode: (typed: string) => Promise<void>;
  removeCode: () => Promise<void>;
  /** Where focus goes when the control it was on is replaced: Apply Coupon, or the applied code's Remove. */
  applyButtonRef: RefObject<HTMLButtonElement | null>;
  removeButtonRef: RefObject<HTMLButtonElement | null>;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message !== '' ? error.message : couponMessages.unknown;

/**
 * docs/product.md#discount-codes at checkout: Apply Coupon opens the field and the offers; a code applied
 * closes them and says so; a refusal stays beside the field. docs/product.md#campaign-links: a campaign
 * link's code is applied once the signed-in shopper's cart is here, then forgotten, refused or not.
 */
export function useCheckoutCoupon({
  actions,
  appliedCode,
  cartReady,
}: CheckoutCouponOptions): CheckoutCoupon {
  const [panelOpen, setPanelOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusNext, setFocusNext] = useState<'apply' | 'remove' | null>(null);
  const applyButtonRef = useRef<HTMLButtonElement>(null);
  const removeButtonRef = useRef<HTMLButtonElement>(null);
  const { apply, remove } = actions;

  useEffect(() => {
    const target = focusNext === 'remove' ? removeButtonRef.current : applyButtonRef.current;
    if (focusNext === null || (focusNext === 'remove') !== (appliedCode !== null) || target === null) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, appliedCode]);

  useEffect(() => {
    if (!cartReady) return;
    const pending = readPendingCoupon();
    if (pending === null) return;
    clearPendingCoupon();
    apply(pending).then(
      () => setNotice(couponMessages.applied(pending)),
      (error: unknown) => setNotice(messageOf(error)),
    );
  }, [cartReady, apply]);

  const applyCode = useCallback(
    async (typed: string) => {
      const code = normaliseCouponCode(typed);
      if (code === '') {
        setRefusal(couponMessages.codeRequired);
        return;
      }
      setBusy(true);
      setRefusal(null);
      try {
        await apply(code);
        setNotice(couponMessages.applied(code));
        setPanelOpen(false);
        setFocusNext('remove');
      } catch (error) {
        setRefusal(messageOf(error));
      } finally {
        setBusy(false);
      }
    },
    [apply],
  );

  const removeCode = useCallback(async () => {
    setBusy(true);
    setNotice(null);
    try {
      await remove();
      setFocusNext('apply');
    } catch (error) {
      setNotice(messageOf(error));
    } finally {
      setBusy(false);
    }
  }, [remove]);

  const togglePanel = useCallback(() => {
    setRefusal(null);
    setPanelOpen((open) => !open);
  }, []);

  return {
    panelOpen,
    togglePanel,
    refusal,
    notice,
    busy,
    applyCode,
    removeCode,
    applyButtonRef,
    removeButtonRef,
  };
}
