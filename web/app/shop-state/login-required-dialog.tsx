import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog/dialog';
import { paths } from '../../lib/paths';

interface LoginRequiredDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Stands in for the login modal (spec §2) until the accounts issue brings the real one. */
export function LoginRequiredDialog({ open, onClose }: LoginRequiredDialogProps) {
  const navigate = useNavigate();

  return (
    <Dialog open={open} onClose={onClose} title="Please log in to continue">
      <p>Log in to keep mittens in your cart and wishlist across visits.</p>
      <div className="dialog__actions">
        <Button
          onClick={() => {
            onClose();
            navigate(paths.login);
          }}
        >
          Login
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Not now
        </Button>
      </div>
    </Dialog>
  );
}
