import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { LoadingMessage } from '../../components/loading-message';
import { ApiError } from '../../lib/api-client';
import { clearToken, useToken } from '../../lib/auth';
import { useApi } from '../../lib/use-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AccountActions } from './account-actions';
import { withAuth, type Me } from './dashboard-api';
import { SavedJobs } from './saved-jobs';
import './dashboard.css';

export function DashboardPage() {
  useDocumentTitle('Min profil');
  const token = useToken();
  if (!token) return <Redirect to="/login" replace />;
  return <Profile />;
}

function Profile() {
  const me = useApi<Me>('/api/auth/me', withAuth);
  const sessionExpired = me.status === 'error' && me.error instanceof ApiError && me.error.status === 401;

  useEffect(() => {
    // An expired or revoked token: forget it, and the page falls back to the login redirect.
    if (sessionExpired) clearToken();
  }, [sessionExpired]);

  return (
    <div className="page dashboard">
      <h1>Min profil</h1>
      <section className="card profile-card" aria-label="Dina uppgifter">
        {me.status === 'loading' ? <LoadingMessage /> : null}
        {me.status === 'success' ? (
          <dl className="profile-facts">
            <div>
              <dt>Namn</dt>
              <dd>{me.data.name}</dd>
            </div>
            <div>
              <dt>E-postadress</dt>
              <dd>{me.data.email}</dd>
            </div>
          </dl>
        ) : null}
        {me.status === 'error' && !sessionExpired ? (
          <p className="alert error">Kunde inte hämta dina uppgifter just nu.</p>
        ) : null}
      </section>
      <div className="dashboard-layout">
        <SavedJobs />
        <AccountActions />
      </div>
    </div>
  );
}
