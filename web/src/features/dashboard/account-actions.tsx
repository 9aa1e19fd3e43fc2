import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { clearToken } from '../../lib/auth';
import { deleteAccount } from './dashboard-api';

/** Log out, and delete the account behind an explicit second step. */
export function AccountActions() {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);
  const askButtonRef = useRef<HTMLButtonElement>(null);

  const logOut = (): void => {
    clearToken();
    navigate('/');
  };

  const confirmDelete = async (): Promise<void> => {
    setDeleting(true);
    setFailed(false);
    try {
      await deleteAccount();
      clearToken();
      navigate('/');
    } catch {
      setFailed(true);
      setDeleting(false);
    }
  };

  const cancel = (): void => {
    setConfirming(false);
    setFailed(false);
    // Put focus back where the visitor started, instead of losing it with the removed panel.
    requestAnimationFrame(() => askButtonRef.current?.focus());
  };

  return (
    <section className="account-actions card" aria-labelledby="account-title">
      <h2 id="account-title">Konto</h2>
      <div className="button-row">
        <button type="button" className="button secondary" onClick={logOut}>
          Logga ut
        </button>
        {!confirming ? (
          <button
            ref={askButtonRef}
            type="button"
            className="button danger"
            onClick={() => setConfirming(true)}
          >
            Radera konto
          </button>
        ) : null}
      </div>
      {confirming ? (
        <div className="alert warning delete-confirm" role="group" aria-labelledby="delete-confirm-text">
          <p id="delete-confirm-text">
            Vill du verkligen radera ditt konto? Ditt konto och dina sparade jobb tas bort för gott och kan
            inte återställas.
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button danger"
              onClick={() => void confirmDelete()}
              disabled={deleting}
            >
              {deleting ? 'Raderar…' : 'Ja, radera mitt konto'}
            </button>
            <button type="button" className="button secondary" onClick={cancel} disabled={deleting}>
              Avbryt
            </button>
          </div>
        </div>
      ) : null}
      {failed ? (
        <p className="alert error" role="alert">
          Kunde inte radera kontot. Försök igen senare.
        </p>
      ) : null}
    </section>
  );
}
