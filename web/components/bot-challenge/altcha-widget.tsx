// docs/architecture.md#bot-challenge: the build without inline styles or blob workers, so the strict CSP
// holds: its styles as a stylesheet of ours, its proof-of-work worker as a file from our own origin.
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef } from 'react';
import { apiBase } from '../../lib/api-client';

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

const configuration = JSON.stringify({ hideFooter: true, hideLogo: true });

/** ALTCHA's widget: fetches a challenge, solves it at once in a worker, and hands over the payload. */
export default function AltchaWidget({ onSolved }: { onSolved: (solution: string) => void }) {
  const widgetRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const handleVerified = (event: Event) => {
      const { payload } = (event as CustomEvent<{ payload?: string }>).detail;
      if (payload) onSolved(payload);
    };
    widget.addEventListener('verified', handleVerified);
    return () => widget.removeEventListener('verified', handleVerified);
  }, [onSolved]);

  return (
    <altcha-widget
      ref={widgetRef}
      challenge={`${apiBase}/challenge`}
      auto="onload"
      configuration={configuration}
    />
  );
}
