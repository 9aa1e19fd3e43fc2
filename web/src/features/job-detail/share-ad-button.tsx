import { jobPagePath } from '@jobbportalen/contracts';
import { useState } from 'react';

type ShareState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'copy-failed'; url: string };

/**
 * The ad's canonical address: the page's <link rel="canonical"> when it names this ad (the server
 * writes it from PUBLIC_URL), else this site's address of the ad (after moving between pages in
 * the browser the head still names the first one).
 */
export function canonicalAdUrl(jobId: string): string {
  const path = jobPagePath(jobId);
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (canonical && new URL(canonical).pathname === path) return canonical;
  return new URL(path, window.location.origin).href;
}

const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * 'Dela': the device's own share sheet (Web Share API) where there is one, else the link copied to
 * the clipboard; the outcome is announced politely, and a failed copy shows the link to copy by hand.
 */
export function ShareAdButton({ jobId, title }: { jobId: string; title: string }) {
  const [state, setState] = useState<ShareState>({ kind: 'idle' });

  const share = async (): Promise<void> => {
    const url = canonicalAdUrl(jobId);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        setState({ kind: 'idle' });
        return;
      } catch (error) {
        if (isCancelled(error)) return;
        // Refused for another reason (no permission, nothing to share to): copy instead.
      }
    }
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'copy-failed', url });
    }
  };

  return (
    <div className="share-ad">
      <button type="button" className="button secondary" onClick={() => void share()}>
        Dela
      </button>
      <div role="status" className="share-ad-status">
        {state.kind === 'copied' ? <p className="alert success">Länken är kopierad</p> : null}
        {state.kind === 'copy-failed' ? (
          <p className="alert error">
            Kunde inte kopiera länken. Kopiera den här i stället:{' '}
            <span className="share-ad-url">{state.url}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
