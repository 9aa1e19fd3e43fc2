import { stockholmDate } from '@jobbportalen/contracts';
import { personalDataFileName } from '@jobbportalen/contracts/api/privacy';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { FormError } from '../../components/form-error';
import { EXPORT_FAILED } from './account-forms';
import { fetchMyData } from './dashboard-api';
import { failureText } from './failure-text';

/**
 * 'Ladda ner mina uppgifter' (GDPR art. 15). The session is a bearer token, which a plain link
 * cannot send, so the file is fetched and handed to the browser as a download: the same JSON and
 * the same file name as GET /api/candidate/export's own attachment.
 */
export function DownloadMyData() {
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const data = await fetchMyData();
      saveAsFile(
        JSON.stringify(data, null, 2),
        personalDataFileName(stockholmDate(new Date(data.exportedAt))),
      );
    } catch (failure) {
      setError(failureText(failure, EXPORT_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="account-action">
      <button
        type="button"
        className="button secondary"
        aria-describedby={hintId}
        onClick={() => void download()}
        disabled={busy}
      >
        {busy ? 'Hämtar…' : 'Ladda ner mina uppgifter'}
      </button>
      <p id={hintId} className="field-hint">
        Allt vi sparar om ditt konto, som en fil (JSON). <Link href="/integritet">Läs om vad vi sparar</Link>
      </p>
      <FormError message={error} />
    </div>
  );
}

function saveAsFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
