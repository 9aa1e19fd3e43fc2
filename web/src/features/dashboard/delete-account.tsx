import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FormError } from '../../components/form-error';
import { clearToken } from '../../lib/auth';
import { DELETE_FAILED, deletePasswordProblem } from './account-forms';
import { deleteAccount } from './dashboard-api';
import { failureText } from './failure-text';

/**
 * 'Radera konto' behind an explicit second step, which asks for the password again: a session
 * left open on someone else's computer must not be enough to delete the account.
 */
export function DeleteAccount() {
  const ids = useId();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const askButtonRef = useRef<HTMLButtonElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const ask = (): void => {
    setConfirming(true);
    // The button that had focus is gone: the password is what the visitor needs next.
    requestAnimationFrame(() => passwordRef.current?.focus());
  };

  const confirmDelete = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problem = deletePasswordProblem(password);
    setError(problem);
    if (problem) {
      passwordRef.current?.focus();
      return;
    }
    setDeleting(true);
    try {
      await deleteAccount(password);
      clearToken();
      navigate('/');
    } catch (failure) {
      // 'Fel lösenord.' (or a wait after too many tries): try again from the field.
      setError(failureText(failure, DELETE_FAILED));
      setDeleting(false);
      passwordRef.current?.select();
      passwordRef.current?.focus();
    }
  };

  const cancel = (): void => {
    setConfirming(false);
    setPassword('');
    setError(null);
    // Put focus back where the visitor started, instead of losing it with the removed panel.
    requestAnimationFrame(() => askButtonRef.current?.focus());
  };

  if (!confirming) {
    return (
      <div className="button-row">
        <button ref={askButtonRef} type="button" className="button danger" onClick={ask}>
          Radera konto
        </button>
      </div>
    );
  }
  return (
    <div className="alert warning delete-confirm" role="group" aria-labelledby={`${ids}-question`}>
      <p id={`${ids}-question`}>
        Vill du verkligen radera ditt konto? Ditt konto och dina sparade jobb tas bort för gott och kan inte
        återställas.
      </p>
      <form noValidate onSubmit={(event) => void confirmDelete(event)}>
        <div className="field">
          <label htmlFor={`${ids}-password`}>Lösenord</label>
          <input
            ref={passwordRef}
            id={`${ids}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <FormError message={error} />
        <div className="button-row">
          <button type="submit" className="button danger" disabled={deleting}>
            {deleting ? 'Raderar…' : 'Ja, radera mitt konto'}
          </button>
          <button type="button" className="button secondary" onClick={cancel} disabled={deleting}>
            Avbryt
          </button>
        </div>
      </form>
    </div>
  );
}
