import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { OtpField } from '../../../components/form/otp-field';
import { ResendCode } from '../../../components/resend-code';
import { type Status, StatusMessage } from '../../../components/status-message';
import { deleteAccount } from '../api/delete-account';
import { sendDeletionCode } from '../api/send-deletion-code';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

const otpFormat = /^\d{6}$/;
const enterOtp = 'Please enter the 6-digit OTP.';

/**
 * docs/product.md#your-data: deleting the account is confirmed with a code sent to its verified e-mail (else
 * phone). What goes and what stays is said before anything is sent.
 */
export function DeleteAccountDialog({ open, onClose, onDeleted }: DeleteAccountDialogProps) {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  async function sendCode() {
    setBusy(true);
    setStatus(null);
    try {
      const reply = await sendDeletionCode();
      setSentAt(Date.now());
      setStatus({ kind: 'success', text: reply.message });
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = otp.trim();
    if (!otpFormat.test(code)) {
      setOtpError(enterOtp);
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const reply = await deleteAccount(code);
      onDeleted(reply.message);
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Delete my account">
      <form className="delete-account" onSubmit={confirm}>
        <p>
          This deletes your profile, saved address, cart, wishlist, signed-in devices, the messages you sent
          us and the codes and e-mails we sent you. It cannot be undone.
        </p>
        <p>
          Your orders and their invoices are kept for the tax records the law requires (GST), no longer linked
          to you. You can download your data first.
        </p>
        <StatusMessage status={status} />
        {sentAt === null ? (
          <Button variant="secondary" disabled={busy} onClick={sendCode}>
            {busy ? 'Sending...' : 'Send OTP'}
          </Button>
        ) : (
          <>
            <OtpField
              error={otpError}
              value={otp}
              onChange={(value) => {
                setOtp(value);
                setOtpError(undefined);
              }}
            />
            <ResendCode sentAt={sentAt} onResend={sendCode} disabled={busy} />
            <Button type="submit" className="button--danger" disabled={busy}>
              {busy ? 'Deleting...' : 'Delete my account'}
            </Button>
          </>
        )}
        <Button variant="ghost" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
      </form>
    </Dialog>
  );
}
