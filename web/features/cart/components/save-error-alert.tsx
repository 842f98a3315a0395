import { CloseIcon } from '../../../components/icons';
import './save-error-alert.css';

interface SaveErrorAlertProps {
  /** Why changes were undone (the cart's, the wishlist's); nothing shows while all are null. */
  messages: readonly (string | null)[];
  onDismiss: () => void;
}

/**
 * A refused cart or wishlist change is undone on screen; this says why, wherever the shopper pressed the
 * button (a product card, the cart, checkout), until dismissed or the next change.
 */
export function SaveErrorAlert({ messages, onDismiss }: SaveErrorAlertProps) {
  const shown = messages.filter((message): message is string => message !== null);
  if (shown.length === 0) return null;
  return (
    <div className="save-error-alert" role="alert">
      <div className="save-error-alert__messages">
        {shown.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
        <CloseIcon />
      </button>
    </div>
  );
}
