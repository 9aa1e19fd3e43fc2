import type { Me } from '@jobbportalen/contracts/api/auth';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { PublicLayout } from '../../app/layout/public-layout';
import { LoadingMessage } from '../../components/loading-message';
import { ApiError, isAbortError } from '../../lib/api-client';
import { useToken } from '../../lib/auth';
import { fetchMe } from '../../lib/me-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { resetAdminForbidden, useAdminForbidden } from './admin-api';
import { loginPathFor } from './admin-nav';

type Check =
  { status: 'checking' } | { status: 'admin'; me: Me } | { status: 'denied' } | { status: 'failed' };

/**
 * The gate in front of every admin page: no token → /login (and back here afterwards); a token
 * that is not an admin's → the no-access page; an expired token → the API client logs out and
 * goes to /login (and back here afterwards).
 */
export function AdminGuard({ children }: { children: (me: Me) => ReactNode }) {
  const token = useToken();
  const [path] = useLocation();
  if (!token) return <Redirect to={loginPathFor(path)} replace />;
  // A new token (another account logged in) checks the role again from scratch.
  return <RoleCheck key={token}>{children}</RoleCheck>;
}

function RoleCheck({ children }: { children: (me: Me) => ReactNode }) {
  const [check, setCheck] = useState<Check>({ status: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const forbidden = useAdminForbidden();

  useEffect(() => {
    resetAdminForbidden();
    const controller = new AbortController();
    fetchMe(controller.signal).then(
      (me) => setCheck(me?.role === 'admin' ? { status: 'admin', me } : { status: 'denied' }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        // A 401 has already sent the visitor to /login; 403 means a known non-admin.
        setCheck(
          error instanceof ApiError && error.status === 403 ? { status: 'denied' } : { status: 'failed' },
        );
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (check.status === 'denied' || forbidden) return <NoAccessPage />;
  if (check.status === 'admin') return children(check.me);
  return (
    <PublicLayout>
      <section className="page narrow">
        <h1>Administration</h1>
        {check.status === 'checking' ? (
          <LoadingMessage />
        ) : (
          <>
            <p className="alert error" role="alert">
              Kunde inte kontrollera din behörighet just nu.
            </p>
            <button
              type="button"
              className="button"
              onClick={() => {
                setCheck({ status: 'checking' });
                setAttempt((n) => n + 1);
              }}
            >
              Försök igen
            </button>
          </>
        )}
      </section>
    </PublicLayout>
  );
}

/** A logged-in visitor without the admin role. */
export function NoAccessPage() {
  useDocumentTitle('Ingen behörighet');
  return (
    <PublicLayout>
      <section className="page narrow">
        <h1>Ingen behörighet</h1>
        <p className="alert warning">Du har inte behörighet till administrationen.</p>
        <p>
          <Link href="/">Till startsidan</Link>
        </p>
      </section>
    </PublicLayout>
  );
}
