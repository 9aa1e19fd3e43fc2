import type { AlertFrequency } from '@jobbportalen/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { AlertFrequencySelect } from '../../../components/alert-frequency-select';
import { PrivacyLink } from '../../../components/privacy-link';
import { ApiError } from '../../../lib/api-client';
import { loginPathWithNext, useToken } from '../../../lib/auth';
import { jobsHref, type JobsRoute } from '../../../lib/jobs-url-state';
import { createSavedSearch, subscribeToAlert } from './saved-search-api';
import { savedSearchKeyOf, savedSearchQueryOf } from './saved-search-query';

/** Where 'Mina bevakningar' lives: the dashboard's section of saved searches. */
const MY_ALERTS_PATH = '/dashboard#bevakningar';

/**
 * An outcome belongs to the search it was about: once the seeker changes the search, the message
 * (and the saved state) no longer applies and is not shown.
 */
type Outcome = { key: string } & (
  { kind: 'saved' } | { kind: 'subscribed'; email: string } | { kind: 'failed'; message: string }
);

const failureText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** Results mode's 'Spara sökning' / 'Bevaka': an account saves the search, a visitor subscribes by e-mail. */
export function SaveSearchPanel({ route }: { route: JobsRoute }) {
  const token = useToken();
  return token ? <SaveSearchForm route={route} /> : <SubscribeForm route={route} />;
}

function SaveSearchForm({ route }: { route: JobsRoute }) {
  const titleId = useId();
  const [alert, setAlert] = useState<AlertFrequency>('off');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const key = savedSearchKeyOf(route);
  const shown = outcome?.key === key ? outcome : null;

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      await createSavedSearch({ query: savedSearchQueryOf(route), alert });
      setOutcome({ key, kind: 'saved' });
    } catch (error) {
      // A 401 is the API client's: it has ended the session and is on its way to /login.
      setOutcome({ key, kind: 'failed', message: failureText(error, 'Kunde inte spara sökningen.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="save-search card" aria-labelledby={titleId} onSubmit={(event) => void save(event)}>
      {/* A heading, so 'Bevaka [Av] [Spara sökning]' does not stand there unexplained. */}
      <h2 id={titleId} className="save-search-title">
        Spara sökning
      </h2>
      <p className="save-search-intro">
        Den sparade sökningen finns under Mina bevakningar. Välj hur ofta du vill få nya jobb via e-post.
      </p>
      <div className="save-search-row">
        <AlertFrequencySelect
          label="Bevaka"
          value={alert}
          onChange={setAlert}
          className="field save-search-frequency"
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Sparar…' : 'Spara sökning'}
        </button>
      </div>
      <div role="status" className="save-search-status">
        {shown?.kind === 'saved' ? (
          <p className="alert success">
            Sökningen är sparad. <Link href={MY_ALERTS_PATH}>Mina bevakningar</Link>
          </p>
        ) : null}
      </div>
      {shown?.kind === 'failed' ? (
        <p className="alert error" role="alert">
          {shown.message}
        </p>
      ) : null}
    </form>
  );
}

function SubscribeForm({ route }: { route: JobsRoute }) {
  const titleId = useId();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [alert, setAlert] = useState<AlertFrequency>('daily');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const key = savedSearchKeyOf(route);
  const shown = outcome?.key === key ? outcome : null;

  const subscribe = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    // The select offers no 'Av' here; this keeps the type honest.
    if (alert === 'off') return;
    setBusy(true);
    setOutcome(null);
    try {
      const address = email.trim();
      await subscribeToAlert({ email: address, query: savedSearchQueryOf(route), alert });
      setOutcome({ key, kind: 'subscribed', email: address });
    } catch (error) {
      setOutcome({ key, kind: 'failed', message: failureText(error, 'Kunde inte starta bevakningen.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="save-search card" aria-labelledby={titleId}>
      <h2 id={titleId} className="save-search-title">
        Få nya jobb via e-post
      </h2>
      <form className="save-search-row" onSubmit={(event) => void subscribe(event)}>
        <div className="field save-search-email">
          <label htmlFor={emailId}>E-post</label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <AlertFrequencySelect
          label="Hur ofta"
          value={alert}
          onChange={setAlert}
          withOff={false}
          className="field save-search-frequency"
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Skickar…' : 'Bevaka'}
        </button>
      </form>
      <div role="status" className="save-search-status">
        {shown?.kind === 'subscribed' ? (
          <p className="alert success">
            Vi har skickat ett e-postmeddelande till <strong>{shown.email}</strong>. Öppna länken i det för
            att starta bevakningen.
          </p>
        ) : null}
      </div>
      {shown?.kind === 'failed' ? (
        <p className="alert error" role="alert">
          {shown.message}
        </p>
      ) : null}
      <PrivacyLink className="save-search-hint">
        Vi sparar adressen och sökningen tills du avslutar bevakningen.
      </PrivacyLink>
      <p className="save-search-hint">
        <Link href={loginPathWithNext(jobsHref(route))}>Logga in för att spara sökningen</Link>
      </p>
    </section>
  );
}
