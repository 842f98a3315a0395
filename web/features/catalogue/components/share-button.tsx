import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { ShareIcon } from './share-icon';

/**
 * Share: the phone's own share sheet (the Web Share API) where there is one; elsewhere, or if it fails, a
 * WhatsApp link and Copy link.
 */
export function ShareButton({ title }: { title: string }) {
  const [fallbackOpen, setFallbackOpen] = useState(false);
  const [copyStatus, setCopyStatus] = useState<string | null>(null);
  const panelId = useId();

  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (failure) {
        // The shopper closed the sheet: nothing to offer instead.
        if (failure instanceof DOMException && failure.name === 'AbortError') return;
      }
    }
    setCopyStatus(null);
    setFallbackOpen((open) => !open);
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopyStatus('Link copied');
    } catch {
      setCopyStatus(`Copy this link: ${window.location.href}`);
    }
  }

  return (
    <div className="share">
      <Button
        variant="secondary"
        className="share__button"
        aria-expanded={fallbackOpen}
        aria-controls={panelId}
        onClick={share}
      >
        <ShareIcon /> Share
      </Button>
      <div id={panelId} className="share__options" hidden={!fallbackOpen}>
        {fallbackOpen ? (
          <>
            <a
              className="share__option"
              href={`https://wa.me/?text=${encodeURIComponent(`${title} ${window.location.href}`)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Share on WhatsApp
            </a>
            <button type="button" className="share__option" onClick={copyLink}>
              Copy link
            </button>
          </>
        ) : null}
        <p className="share__status" role="status">
          {copyStatus}
        </p>
      </div>
    </div>
  );
}
