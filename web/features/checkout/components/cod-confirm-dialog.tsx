import { type FormEvent, useState } from 'react';
import type { PlacedCodOrder } from '../../../../contracts/cod';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { OtpField } from '../../../components/form/otp-field';
import { formatPaiseAmount } from '../checkout-amounts';
import './checkout.css';

interface CodConfirmDialogProps {
  /** The order just placed, awaiting its OTP. */
  placed: PlacedCodOrder;
  /** Confirms with the OTP typed; a thrown error's message is shown in the dialog. */
  onConfirm: (otp: string) => Promise<void>;
  /** Asks for another OTP; answers what the server said (sent, or why not). */
  onResend: () => Promise<string>;
  onClose: () => void;
}

/**
 * docs/product.md#cash-on-delivery: after PLACE ORDER with cash on delivery, the OTP sent to the order's mobile
 * is typed here. Closed unconfirmed, the order still waits for the link sent by SMS and e-mail.
 */
export function CodConfirmDialog({ placed, onConfirm, onResend, onClose }: CodConfirmDialogProps) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(placed.message);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm(otp.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    setError(null);
    try {
      setNotice(await onResend());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} title="Confirm your order">
      <form className="cod-confirm" onSubmit={submit} noValidate>
        <p>
          Order {placed.orderNumber}: {formatPaiseAmount(placed.totalPaise)} to pay in cash on delivery.
        </p>
        {/* docs/product.md#one-checkout: the shopper's earlier unconfirmed order this one replaced. */}
        {placed.replacedMessage && <p>{placed.replacedMessage}</p>}
        <p role="status">{notice}</p>
        <OtpField value={otp} error={error ?? undefined} onChange={setOtp} />
        <div className="dialog__actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'CONFIRMING...' : 'CONFIRM ORDER'}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={resend}>
            Send a new OTP
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
