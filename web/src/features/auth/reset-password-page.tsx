import { PAGES } from '@jobbportalen/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api-client';
import { clearToken } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { resetPassword } from './auth-api';
import { newPasswordProblem } from './auth-form-problems';
import { useMailLinkToken } from './mail-link-token';
import { OutcomeMessage } from './outcome-message';
import './auth.css';

const INVALID_LINK = 'Länken är ogiltig eller har gått ut. Be om en ny.';

type Outcome = { tone: 'success'; message: string } | { tone: 'error'; message: string };

/** The page of the reset link: choose a new password (the token comes in the link). */
export function ResetPasswordPage() {
  useDocumentTitle('Välj nytt lösenord');
  const ids = useId();
  const token = useMailLinkToken();
  const [input, setInput] = useState({ password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A link without a token cannot work: say so at once instead of showing a form that will fail.
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    token ? null : { tone: 'error', message: INVALID_LINK },
  );

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problem = newPasswordProblem(input);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      const message = await resetPassword({ token, password: input.password });
      // The new password ended every session, also one this browser may hold.
      clearToken();
      setOutcome({ tone: 'success', message: message || 'Ditt lösenord är bytt. Logga in med det nya.' });
    } catch (failure) {
      setSending(false);
      if (failure instanceof ApiError && failure.code === 'INVALID_TOKEN') {
        setOutcome({ tone: 'error', message: failure.message || INVALID_LINK });
        return;
      }
      setError(
        failure instanceof ApiError && failure.message
          ? failure.message
          : 'Det gick inte att byta lösenord. Försök igen.',
      );
    }
  };

  const field = (key: keyof typeof input) => ({
    id: `${ids}-${key}`,
    name: key,
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    value: input[key],
    onChange: (event: { target: { value: string } }) =>
      setInput((old) => ({ ...old, [key]: event.target.value })),
  });

  return (
    <section className="page narrow auth-page">
      <h1>Välj ett nytt lösenord</h1>
      {outcome?.tone === 'success' ? (
        <OutcomeMessage tone="success">
          <p>{outcome.message}</p>
          <p>
            <Link href={PAGES.login.path}>Till inloggningen</Link>
          </p>
        </OutcomeMessage>
      ) : outcome?.tone === 'error' ? (
        <OutcomeMessage tone="error">
          <p>{outcome.message}</p>
          <p>
            <Link href={PAGES.forgotPassword.path}>Be om en ny länk</Link>
          </p>
        </OutcomeMessage>
      ) : (
        <form className="form card" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="field">
            <label htmlFor={`${ids}-password`}>Nytt lösenord</label>
            <input aria-describedby={`${ids}-password-hint`} {...field('password')} />
            {/* The server judges the password as at registration; this only says what it wants. */}
            <p id={`${ids}-password-hint`} className="field-hint">
              Minst 8 tecken och svårt att gissa: gärna flera ord, inte ditt namn, din e-postadress eller ett
              vanligt lösenord.
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-confirmPassword`}>Bekräfta lösenord</label>
            <input {...field('confirmPassword')} />
          </div>
          <FormError message={error} />
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Sparar…' : 'Spara nytt lösenord'}
          </button>
        </form>
      )}
    </section>
  );
}
