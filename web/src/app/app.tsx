import { ADMIN_AREA } from '@jobbportalen/contracts';
import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { LoadingMessage } from '../components/loading-message';
import { AppCommitted } from '../lib/app-ready';
import { JobsServerSideContext, type JobsServerSide } from '../features/jobs/jobs-server-side';
import { PageViewTracker } from './page-view-tracker';
import { PublicLayout } from './layout/public-layout';
import { PublicRoutes } from './routes';
import { RouteErrorBoundary } from './route-error-boundary';

// The admin area is its own chunk (its own layout too): public visitors never download it.
const AdminArea = lazy(async () => ({ default: (await import('../features/admin/admin-area')).AdminArea }));

export interface AppProps {
  /** Server: the address being rendered ('/jobb?city=Malmö'); the browser reads its own. */
  ssrPath?: string;
  /** /jobb's server side: the request's search client (server) or the rendered results (browser). */
  jobsServerSide?: JobsServerSide | null;
}

/**
 * The whole browser app: the admin area (/admin and below) with its own layout, beside the public
 * screens in PublicLayout. The server renders the same tree for the public pages.
 */
export function App({ ssrPath, jobsServerSide = null }: AppProps) {
  return (
    <Router ssrPath={ssrPath}>
      <JobsServerSideContext.Provider value={jobsServerSide}>
        <PageViewTracker />
        <Switch>
          <Route path={`${ADMIN_AREA.path}/*?`}>
            <RouteErrorBoundary>
              <Suspense fallback={<LoadingMessage />}>
                <AdminArea />
                <AppCommitted />
              </Suspense>
            </RouteErrorBoundary>
          </Route>
          <Route>
            <PublicLayout>
              <RouteErrorBoundary>
                <PublicRoutes />
              </RouteErrorBoundary>
            </PublicLayout>
          </Route>
        </Switch>
      </JobsServerSideContext.Provider>
    </Router>
  );
}
