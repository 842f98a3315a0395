import { useState } from 'react';
import { Button, buttonClassName } from '../../components/button';
import { confirmCodLink } from '../../features/checkout/api/cod';
import { paths } from '../../lib/paths';
import { Link, useSearchParams } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';

type Outcome = { ok: true; message: string; orderId: string } | { ok: false; message: string };

/**
 * docs/product.md#cash-on-delivery: the confirm link sent by SMS and e-mail opens this page. Opening it confirms
 * nothing (link scanners open links too); the shopper's press of the button does.
 */
export function CodConfirmRoute() {
  useDocumentTitle('Confirm your order');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function confirm() {
    setBusy(true);
    try {
      const confirmed = await confirmCodLink(token);
      setOutcome({ ok: true, message: confirmed.message, orderId: confirmed.orderId });
    } catch (failure) {
      setOutcome({ ok: false, message: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="container page message-page" aria-labelledby="cod-confirm-title">
      <h1 id="cod-confirm-title">{outcome?.ok ? 'Order Confirmed' : 'Confirm your order'}</h1>
      {outcome === null && (
        <>
          <p>Press the button to confirm your cash-on-delivery order. We ship it once it is confirmed.</p>
          <Button disabled={busy || token === ''} onClick={confirm}>
            {busy ? 'CONFIRMING...' : 'CONFIRM MY ORDER'}
          </Button>
        </>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? undefined : 'error-text'}>
          {outcome.message}
        </p>
      )}
      {outcome?.ok && (
        <Link className={buttonClassName()} to={paths.order(outcome.orderId)}>
          View Order
        </Link>
      )}
    </section>
  );
}
