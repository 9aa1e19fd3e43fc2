import { PAGES } from '@jobbportalen/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api-client';
import { registerPathWithNext, setToken } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { logIn } from './auth-api';
import { loginProblem } from './auth-form-problems';
import { useAskedNext } from './use-asked-next';
import './auth.css';

/**
 * Registration sends the visitor here with this history state, to confirm the new account and
 * fill in the address it was made with (state, not the URL: no personal data in an address).
 */
type RegistrationState = { registered?: unknown; email?: unknown } | null;
const registrationState = (): RegistrationState => window.history.state as RegistrationState;
const cameFromRegistration = (): boolean => registrationState()?.registered === true;
const registeredEmail = (): string => {
  const state = registrationState();
  return state?.registered === true && typeof state.email === 'string' ? state.email : '';
};

export function LoginPage() {
  useDocumentTitle('Logga in');
  const ids = useId();
  const [, navigate] = useLocation();
  // The admin area sends visitors here with ?next=/admin so they come back after logging in.
  const asked = useAskedNext();
  const next = asked ?? '/dashboard';
  const [email, setEmail] = useState(registeredEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [registered] = useState(cameFromRegistration);

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problem = loginProblem({ email, password });
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      setToken(await logIn({ email: email.trim(), password }));
      navigate(next);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.message ? failure.message : 'Inloggningen misslyckades.',
      );
      setSending(false);
    }
  };

  return (
    <section className="page narrow auth-page">
      <h1>Logga in</h1>
      {registered ? (
        <p className="alert success" role="status">
          Ditt konto är skapat. Logga in för att börja spara jobb.
        </p>
      ) : null}
      <form className="form card" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label htmlFor={`${ids}-email`}>E-postadress</label>
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
        <div className="field">
          <label htmlFor={`${ids}-password`}>Lösenord</label>
          <input
            id={`${ids}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <FormError message={error} />
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Loggar in…' : 'Logga in'}
        </button>
      </form>
      <p className="auth-switch">
        <Link href={PAGES.forgotPassword.path}>Glömt lösenord?</Link>
      </p>
      <p className="auth-switch">
        Inget konto ännu? <Link href={registerPathWithNext(asked)}>Registrera dig</Link>
      </p>
    </section>
  );
}
