import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { FormError } from '../../components/form-error';
import { PrivacyLink } from '../../components/privacy-link';
import { ApiError } from '../../lib/api-client';
import { loginPathWithNext } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { registerAccount } from './auth-api';
import { registrationProblem, type RegistrationInput } from './auth-form-problems';
import { useAskedNext } from './use-asked-next';
import './auth.css';

export function RegisterPage() {
  useDocumentTitle('Registrera dig');
  const ids = useId();
  const [, navigate] = useLocation();
  // Where the visitor was going (the ad they wanted to save): back there after logging in.
  const loginPath = loginPathWithNext(useAskedNext());
  const [input, setInput] = useState<RegistrationInput>({
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const field = (key: keyof RegistrationInput) => ({
    id: `${ids}-${key}`,
    name: key,
    value: input[key],
    required: true,
    onChange: (event: { target: { value: string } }) =>
      setInput((old) => ({ ...old, [key]: event.target.value })),
  });

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problem = registrationProblem(input);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await registerAccount({ name: input.name.trim(), email: input.email.trim(), password: input.password });
      // The address rides in history state, never in the URL (no personal data in an address).
      navigate(loginPath, { state: { registered: true, email: input.email.trim() } });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.message ? failure.message : 'Registreringen misslyckades.',
      );
      setSending(false);
    }
  };

  return (
    <section className="page narrow auth-page">
      <h1>Registrera dig</h1>
      <p className="page-intro">Med ett konto kan du spara jobb och hitta tillbaka till dem när du vill.</p>
      <form className="form card" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label htmlFor={`${ids}-name`}>Namn</label>
          <input type="text" autoComplete="name" {...field('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-email`}>E-postadress</label>
          <input type="email" autoComplete="email" {...field('email')} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-password`}>Lösenord</label>
          <input
            type="password"
            autoComplete="new-password"
            aria-describedby={`${ids}-password-hint`}
            {...field('password')}
          />
          {/* The server judges the password (it knows the common ones); this only says what it wants. */}
          <p id={`${ids}-password-hint`} className="field-hint">
            Minst 8 tecken och svårt att gissa: gärna flera ord, inte ditt namn, din e-postadress eller ett
            vanligt lösenord.
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-confirmPassword`}>Bekräfta lösenord</label>
          <input type="password" autoComplete="new-password" {...field('confirmPassword')} />
        </div>
        <FormError message={error} />
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Skapar konto…' : 'Skapa konto'}
        </button>
        <PrivacyLink>
          Vi sparar ditt namn, din e-postadress och en envägshash av lösenordet tills du raderar kontot.
        </PrivacyLink>
      </form>
      <p className="auth-switch">
        Har du redan ett konto? <Link href={loginPath}>Logga in</Link>
      </p>
    </section>
  );
}
