import { PAGES } from '@jobbportalen/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { requestPasswordReset } from './auth-api';
import { forgotPasswordProblem } from './auth-form-problems';
import { OutcomeMessage } from './outcome-message';
import './auth.css';

/** 'Glömt lösenord?': asks for a reset link by mail. The answer never says whether the address is known. */
export function ForgotPasswordPage() {
  useDocumentTitle('Glömt lösenord');
  const ids = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problem = forgotPasswordProblem(email);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      setAnswer(
        (await requestPasswordReset(email.trim())) ||
          'Om adressen finns hos oss har vi skickat en länk för att välja ett nytt lösenord.',
      );
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.message
          ? failure.message
          : 'Det gick inte att skicka länken. Försök igen.',
      );
      setSending(false);
    }
  };

  return (
    <section className="page narrow auth-page">
      <h1>Glömt lösenord?</h1>
      {answer ? (
        <OutcomeMessage tone="success">
          <p>{answer}</p>
          <p>
            Hittar du inget e-postmeddelande? Titta i skräpposten, eller{' '}
            <Link href={PAGES.login.path}>logga in</Link> om du kom på lösenordet.
          </p>
        </OutcomeMessage>
      ) : (
        <>
          <p className="page-intro">
            Skriv e-postadressen som ditt konto har, så skickar vi dit en länk där du väljer ett nytt
            lösenord.
          </p>
          <form className="form card" noValidate onSubmit={(event) => void onSubmit(event)}>
            <div className="field">
              <label htmlFor={`${ids}-email`}>E-post</label>
              <input
                id={`${ids}-email`}
                name="email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <FormError message={error} />
            <button type="submit" className="button" disabled={sending}>
              {sending ? 'Skickar…' : 'Skicka länk'}
            </button>
          </form>
          <p className="auth-switch">
            Kom du på det? <Link href={PAGES.login.path}>Logga in</Link>
          </p>
        </>
      )}
    </section>
  );
}
