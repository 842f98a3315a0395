import { GoogleSignInError } from './google-errors';

// server/simulators/google: the local test account chooser, standing in for Google's popup.
const CHOOSER_PATH = '/sim/google/chooser';
const CLOSED_POLL_MS = 400;
// The chooser posts its answer and then closes itself: a closed window gets this long for its message.
const CLOSED_GRACE_MS = 600;

interface ChooserMessage {
  type?: unknown;
  credential?: unknown;
  error?: unknown;
}

/**
 * Opens the simulator's chooser. Call it straight from the click: a window opened after an await is
 * blocked as an unrequested popup.
 */
export function openSimulatorChooser(): Promise<string> {
  const popup = window.open(CHOOSER_PATH, 'google-sign-in', 'popup,width=480,height=640');
  if (!popup) return Promise.reject(new GoogleSignInError('popup_blocked'));

  return new Promise<string>((resolve, reject) => {
    let graceTimer = 0;
    const finish = (settle: () => void) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedPoll);
      window.clearTimeout(graceTimer);
      settle();
    };
    function onMessage(event: MessageEvent<ChooserMessage>) {
      // Only our own chooser window may answer.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const { type, credential, error } = event.data ?? {};
      if (type === 'google-credential') {
        finish(() => resolve(typeof credential === 'string' ? credential : ''));
      } else if (type === 'google-error') {
        finish(() => reject(new GoogleSignInError(typeof error === 'string' ? error : 'unknown')));
      }
    }
    const closedPoll = window.setInterval(() => {
      if (!popup.closed || graceTimer) return;
      graceTimer = window.setTimeout(
        () => finish(() => reject(new GoogleSignInError('popup_closed_by_user'))),
        CLOSED_GRACE_MS,
      );
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
