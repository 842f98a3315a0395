import { lazy, Suspense, useEffect, useState } from 'react';
import { setChallengeHandler } from '../../lib/api-client';

// Loaded on the first 428 only: a shopper who is never asked never downloads the dialog or the widget.
const ChallengeDialog = lazy(() => import('./challenge-dialog'));

interface Ask {
  id: number;
  message: string;
  resolve: (solution: string) => void;
  reject: (reason: Error) => void;
}

/**
 * docs/architecture.md#bot-challenge: answers the API client's 428s by asking the shopper to solve a
 * challenge, one request at a time (a solution is good for one request).
 */
let nextAskId = 0;

export function BotChallengeKeeper() {
  const [asks, setAsks] = useState<Ask[]>([]);

  useEffect(() => {
    setChallengeHandler(
      (message) =>
        new Promise<string>((resolve, reject) => {
          setAsks((current) => [...current, { id: nextAskId++, message, resolve, reject }]);
        }),
    );
    return () => setChallengeHandler(undefined);
  }, []);

  const ask = asks[0];
  if (!ask) return null;
  const settle = (outcome: (current: Ask) => void) => {
    outcome(ask);
    setAsks((current) => current.slice(1));
  };
  return (
    <Suspense fallback={null}>
      <ChallengeDialog
        key={ask.id}
        message={ask.message}
        onSolved={(solution) => settle((current) => current.resolve(solution))}
        onCancel={() => settle((current) => current.reject(new Error(current.message)))}
      />
    </Suspense>
  );
}
