import { Route, Switch } from 'wouter';
import { RouteErrorBoundary } from '../../app/route-error-boundary';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';
import { ImportPage } from './import/import-page';
import { OverviewPage } from './overview/overview-page';
import { ReportsPage } from './reports/reports-page';
import { AdminNotFoundPage, BannerPage, DesignPage } from './placeholder-pages';
import { TextsPage } from './texts/texts-page';
import './admin.css';

/**
 * Everything under /admin, with its own layout and side menu, loaded as its own chunk: visitors of
 * the public site never download it. The charts' uPlot is split off again and loaded only by the
 * overview.
 */
export function AdminArea() {
  return (
    <AdminGuard>
      {(me) => (
        <AdminLayout me={me}>
          <RouteErrorBoundary>
            <Switch>
              <Route path="/admin" component={OverviewPage} />
              <Route path="/admin/design" component={DesignPage} />
              <Route path="/admin/texter" component={TextsPage} />
              <Route path="/admin/import" component={ImportPage} />
              <Route path="/admin/banner" component={BannerPage} />
              <Route path="/admin/anmalningar" component={ReportsPage} />
              <Route component={AdminNotFoundPage} />
            </Switch>
          </RouteErrorBoundary>
        </AdminLayout>
      )}
    </AdminGuard>
  );
}
