import { OTP_RESEND_INTERVAL_SECONDS } from '../../contracts/otp-resend';
import { useSecondsUntil } from '../lib/use-seconds-until';
import './resend-code.css';

interface ResendCodeProps {
  /** When the last code was sent (ms since the epoch). */
  sentAt: number;
  onResend: () => void;
  disabled?: boolean;
}

/**
 * docs/product.md#otp: after a code is sent, 'Resend code in 30s' counts down, then 'Resend code' asks for a
 * new one; the server refuses sooner resends with the same interval.
 */
export function ResendCode({ sentAt, onResend, disabled = false }: ResendCodeProps) {
  const seconds = useSecondsUntil(sentAt + OTP_RESEND_INTERVAL_SECONDS * 1000);
  if (seconds > 0) return <p className="resend-code">Resend code in {seconds}s</p>;
  return (
    <p className="resend-code">
      <button type="button" className="resend-code__button" disabled={disabled} onClick={onResend}>
        Resend code
      </button>
    </p>
  );
}
