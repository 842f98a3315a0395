import { lazy, Suspense } from 'react';
import { Dialog } from '../dialog/dialog';
import './challenge-dialog.css';

// The widget (about 30 kB gzipped with its styles) comes only when the dialog opens.
const AltchaWidget = lazy(() => import('./altcha-widget'));

interface ChallengeDialogProps {
  message: string;
  onSolved: (solution: string) => void;
  onCancel: () => void;
}

/** The bot check the server asked for (a 428): solved in the browser, by itself or with its checkbox. */
export default function ChallengeDialog({ message, onSolved, onCancel }: ChallengeDialogProps) {
  return (
    <Dialog open onClose={onCancel} title="Quick check">
      <p>{message}</p>
      <div className="challenge-dialog__widget">
        <Suspense fallback={<p role="status">Loading the check…</p>}>
          <AltchaWidget onSolved={onSolved} />
        </Suspense>
      </div>
    </Dialog>
  );
}
