import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { FormError } from '../../components/form-error';
import { clearToken, LOGIN_PATH } from '../../lib/auth';
import { LOGOUT_EVERYWHERE_FAILED } from './account-forms';
import { logOutEverywhere } from './dashboard-api';
import { DeleteAccount } from './delete-account';
import { DownloadMyData } from './download-my-data';
import { failureText } from './failure-text';

/** The 'Konto' card: log out here or everywhere, download what we hold, and delete the account. */
export function AccountActions() {
  const ids = useId();
  const [, navigate] = useLocation();
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const logOut = (): void => {
    clearToken();
    navigate('/');
  };

  const endEverySession = async (): Promise<void> => {
    setEnding(true);
    setError(null);
    try {
      await logOutEverywhere();
      // Leave first, then forget the token: the dashboard's guard would otherwise send the
      // visitor to log in with a way back to a page that needs the session just ended.
      navigate(LOGIN_PATH);
      clearToken();
    } catch (failure) {
      setError(failureText(failure, LOGOUT_EVERYWHERE_FAILED));
      setEnding(false);
    }
  };

  return (
    <section className="account-actions card" aria-labelledby="account-title">
      <h2 id="account-title">Konto</h2>
      <div className="button-row">
        <button type="button" className="button secondary" onClick={logOut}>
          Logga ut
        </button>
      </div>
      <div className="account-action">
        <button
          type="button"
          className="button secondary"
          aria-describedby={`${ids}-everywhere`}
          onClick={() => void endEverySession()}
          disabled={ending}
        >
          {ending ? 'Loggar ut…' : 'Logga ut överallt'}
        </button>
        <p id={`${ids}-everywhere`} className="field-hint">
          Loggar ut dig på alla enheter, även den här.
        </p>
        <FormError message={error} />
      </div>
      <DownloadMyData />
      <DeleteAccount />
    </section>
  );
}
