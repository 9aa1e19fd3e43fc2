import { ADMIN_AREA } from '@jobbportalen/contracts';
import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { LoadingMessage } from '../components/loading-message';
import { PageViewTracker } from './page-view-tracker';
import { PublicLayout } from './layout/public-layout';
import { PublicRoutes } from './routes';
import { RouteErrorBoundary } from './route-error-boundary';

// The admin area is its own chunk (its own layout too): public visitors never download it.
const AdminArea = lazy(async () => ({ default: (await import('../features/admin/admin-area')).AdminArea }));

/**
 * The whole browser app: the admin area (/admin and below) with its own layout, beside the public
 * screens in PublicLayout.
 */
export function App() {
  return (
    <Router>
      <PageViewTracker />
      <Switch>
        <Route path={`${ADMIN_AREA.path}/*?`}>
          <RouteErrorBoundary>
            <Suspense fallback={<LoadingMessage />}>
              <AdminArea />
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
    </Router>
  );
}
