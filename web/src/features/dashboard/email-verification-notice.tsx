import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { resendVerificationMail } from './dashboard-api';

/** Alerts go to an account's address only once it is verified: say so, and offer the mail again. */
export function EmailVerificationNotice() {
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'sent' | 'failed'; text: string } | null>(null);

  const resend = async (): Promise<void> => {
    setSending(true);
    setMessage(null);
    try {
      setMessage({ kind: 'sent', text: await resendVerificationMail() });
    } catch (error) {
      const text =
        error instanceof ApiError && error.message ? error.message : 'Kunde inte skicka e-postmeddelandet.';
      setMessage({ kind: 'failed', text });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="alert warning verify-email-notice">
      <p>Bekräfta din e-postadress för att få bevakningar via e-post.</p>
      <button
        type="button"
        className="button secondary small"
        onClick={() => void resend()}
        disabled={sending}
      >
        {sending ? 'Skickar…' : 'Skicka bekräftelselänken igen'}
      </button>
      <div role="status">
        {message?.kind === 'sent' ? <p className="verify-email-result">{message.text}</p> : null}
      </div>
      {message?.kind === 'failed' ? (
        <p className="verify-email-result" role="alert">
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
