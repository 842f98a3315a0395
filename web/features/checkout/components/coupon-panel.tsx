import { type FormEvent, useId, useState } from 'react';
import type { CouponOffer } from '../../../../contracts/coupons';
import { Button } from '../../../components/button';
import { FieldWrapper } from '../../../components/form/form-field';
import { useCouponOffers } from '../api/get-coupon-offers';
import './coupon-panel.css';

interface CouponPanelProps {
  id: string;
  /** Names the cart the offers are asked for (they follow its lines and code). */
  pricedCart: string;
  refusal: string | null;
  busy: boolean;
  onApply: (code: string) => void;
}

/**
 * docs/product.md#discount-codes: a code typed and applied, with the server's refusal beside the field; the
 * public offers, each with Apply or why it does not apply to this cart yet.
 */
export function CouponPanel({ id, pricedCart, refusal, busy, onApply }: CouponPanelProps) {
  const [code, setCode] = useState('');
  const refusalId = useId();
  const offers = useCouponOffers(pricedCart, true);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onApply(code);
  }

  return (
    <section id={id} className="coupon-panel" aria-label="Apply a coupon">
      <form className="coupon-panel__form" onSubmit={submit} noValidate>
        <FieldWrapper label="Coupon code" className="coupon-panel__field">
          {(control) => (
            <input
              {...control}
              className="form-field__control"
              name="coupon"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              value={code}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? refusalId : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </FieldWrapper>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Applying…' : 'Apply'}
        </Button>
        {refusal && (
          <p id={refusalId} className="form-field__error coupon-panel__refusal" role="alert">
            {refusal}
          </p>
        )}
      </form>
      <OfferList offers={offers.data?.offers} loading={offers.isPending} busy={busy} onApply={onApply} />
    </section>
  );
}

interface OfferListProps {
  offers: readonly CouponOffer[] | undefined;
  loading: boolean;
  busy: boolean;
  onApply: (code: string) => void;
}

function OfferList({ offers, loading, busy, onApply }: OfferListProps) {
  if (loading) return <p className="status-text">Loading offers…</p>;
  // The field works without them: a failed list is only left out.
  if (!offers || offers.length === 0) return null;
  return (
    <ul className="coupon-offers" aria-label="Offers">
      {offers.map((offer) => (
        <li key={offer.code} className="coupon-offer">
          <p className="coupon-offer__text">
            <strong>{offer.code}</strong> {offer.description}
          </p>
          {offer.applicable ? (
            <Button
              variant="secondary"
              aria-label={`Apply ${offer.code}`}
              disabled={busy}
              onClick={() => onApply(offer.code)}
            >
              Apply
            </Button>
          ) : (
            <p className="coupon-offer__reason">{offer.reason}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
