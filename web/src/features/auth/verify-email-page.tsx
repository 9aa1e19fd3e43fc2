import { PAGES } from '@jobbportalen/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { useToken } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { verifyEmail } from './auth-api';
import { useMailLinkToken } from './mail-link-token';
import { OutcomeMessage } from './outcome-message';
import './auth.css';

const INVALID_LINK = 'Länken är ogiltig eller har gått ut.';

type Outcome = { tone: 'success' | 'error'; message: string };

/** The page of the verification link: sends the link's token once, as soon as the page opens. */
export function VerifyEmailPage() {
  useDocumentTitle('Bekräfta e-postadress');
  const token = useMailLinkToken();
  const loggedIn = useToken() !== null;
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    token ? null : { tone: 'error', message: INVALID_LINK },
  );
  // One request per page, also when React runs the effect twice (StrictMode) or re-renders.
  const sent = useRef<Promise<Outcome> | null>(null);

  useEffect(() => {
    if (!token) return;
    sent.current ??= verifyEmail(token).then(
      (message): Outcome => ({ tone: 'success', message: message || 'Din e-postadress är bekräftad.' }),
      (failure: unknown): Outcome => ({
        tone: 'error',
        message:
          failure instanceof ApiError && failure.message
            ? failure.message
            : 'Det gick inte att bekräfta adressen just nu. Försök igen om en stund.',
      }),
    );
    let shown = true;
    void sent.current.then((result) => {
      if (shown) setOutcome(result);
    });
    return () => {
      shown = false;
    };
  }, [token]);

  const onward = loggedIn ? PAGES.dashboard : PAGES.login;
  return (
    <section className="page narrow auth-page">
      <h1>Bekräfta e-postadress</h1>
      {outcome ? (
        <OutcomeMessage tone={outcome.tone}>
          <p>{outcome.message}</p>
          <p>
            <Link href={onward.path}>{loggedIn ? 'Till Min profil' : 'Till inloggningen'}</Link>
            {outcome.tone === 'error' && loggedIn
              ? ' – där kan du be om en ny bekräftelselänk via e-post.'
              : null}
          </p>
        </OutcomeMessage>
      ) : (
        <p className="status-message" role="status">
          Bekräftar din e-postadress…
        </p>
      )}
    </section>
  );
}
