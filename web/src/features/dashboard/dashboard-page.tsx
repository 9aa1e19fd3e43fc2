import { Redirect } from 'wouter';
import { LoadingMessage } from '../../components/loading-message';
import { ApiError } from '../../lib/api-client';
import { useToken } from '../../lib/auth';
import { fetchMe } from '../../lib/me-api';
import { useApi } from '../../lib/use-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MyProfile } from './my-profile/my-profile';
import { AccountActions } from './account-actions';
import { JobsForYou } from './jobs-for-you';
import { SavedJobs } from './saved-jobs';
import { SavedSearches } from './saved-searches';
import './dashboard.css';

export function DashboardPage() {
  useDocumentTitle('Min profil');
  const token = useToken();
  if (!token) return <Redirect to="/login" replace />;
  return <Profile />;
}

function Profile() {
  const me = useApi(fetchMe);
  // An expired or revoked token: the API client logs out and goes to /login, so no error here.
  const sessionExpired = me.status === 'error' && me.error instanceof ApiError && me.error.status === 401;
  // Alerts reach an account's address only once it is verified. Only an explicit false counts:
  // an older server without the field must not nag every seeker.
  const emailUnverified =
    me.status === 'success' && (me.data as { emailVerified?: unknown }).emailVerified === false;

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
        <div className="dashboard-main">
          <MyProfile />
          <JobsForYou />
          <SavedSearches emailUnverified={emailUnverified} />
          <SavedJobs />
        </div>
        <AccountActions />
      </div>
    </div>
  );
}
