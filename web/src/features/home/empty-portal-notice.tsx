import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { useToken } from '../../lib/auth';
import { fetchMe } from '../../lib/me-api';
import { useApi } from '../../lib/use-api';
import { fetchJobStats } from '../../lib/jobs-api';

/**
 * For an admin on the start page of a portal without ads: how to fill it, as the console says at
 * startup (server: features/admin-import/empty-portal-hint.ts). Visitors and seekers never see it.
 * Who is logged in is asked only when the portal is empty, and the notice appears after that
 * answer: the server's render (always a visitor's) and the browser's first render stay the same.
 */
export function EmptyPortalNotice() {
  const titleId = useId();
  const token = useToken();
  const stats = useApi(fetchJobStats);
  const empty = stats.status === 'success' && stats.data.totalJobs === 0;
  const [adminToken, setAdminToken] = useState<string | null>(null);

  useEffect(() => {
    if (!token || !empty) return;
    const controller = new AbortController();
    fetchMe(controller.signal).then(
      (me) => setAdminToken(me?.role === 'admin' ? token : null),
      () => setAdminToken(null),
    );
    return () => controller.abort();
  }, [token, empty]);

  // The answer belongs to the token it was asked with: after logging out it no longer applies.
  if (!empty || !token || adminToken !== token) return null;
  return (
    <section className="alert warning empty-portal-notice" aria-labelledby={titleId}>
      <h2 id={titleId}>Portalen har inga annonser ännu</h2>
      <p>
        Hämta alla annonser under <Link href="/admin/import">Admin → Import</Link> med ”Full import”, eller
        starta servern med <code>FEED_AUTO_IMPORT=true</code> så hämtas de automatiskt.
      </p>
    </section>
  );
}
