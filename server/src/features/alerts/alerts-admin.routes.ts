import { listKeptMails } from '../../mail/kept-mails.js';
import { mailQueueState, mailsPerDay } from '../../mail/mail-outbox.repository.js';
import { errorResponses } from '../../http/response-schemas.js';
import { jobsFacetValues } from '../../search/facet-values-cache.js';
import type { FastifyTypedInstance } from '../../types.js';
import { runAlerts } from './alert-run.js';
import { appMailLinks } from '../../mail/app-mail-links.js';
import { AlertRunResult, AlertsOverview } from './alerts.schemas.js';
import { subscriptionCounts } from './saved-searches.repository.js';
import { exclusiveAlertRun, wakeMailSenders } from './run-coordination.js';

/** Days of mail history Översikt charts. */
const MAIL_DAYS = 30;
/** Kept .eml files Översikt lists when SMTP is not configured. */
const KEPT_MAILS = 20;

/** Admin routes of the alerts (inside adminScope: relative to /api/admin, admins only). */
export async function alertAdminRoutes(app: FastifyTypedInstance) {
  const tags = ['admin'];
  const links = appMailLinks(app);
  const facetValues = jobsFacetValues(app.searchEngine, app.config.meiliIndex);

  app.post(
    '/alerts/run',
    {
      schema: {
        tags,
        summary:
          'Kör alla bevakningar nu, som om deras tid vore inne; svarar när e-postmeddelandena är köade',
        response: { 200: AlertRunResult, ...errorResponses(401, 403, 503) },
      },
    },
    async () => {
      // Waits for a run under way (the scheduler's, or another server's), then runs.
      const result = await exclusiveAlertRun(app.database, 'wait', () =>
        runAlerts(
          {
            database: app.database,
            search: app.searchEngine,
            indexUid: app.config.meiliIndex,
            facetValues,
            links: links(),
            profiles: app.profileSearches,
            logger: app.log,
            observer: app.metrics.alertRuns,
          },
          { kind: 'admin' },
        ),
      );
      wakeMailSenders(app.database);
      return result ?? { subscriptions: 0, mails: 0 };
    },
  );

  app.get(
    '/alerts/overview',
    {
      schema: {
        tags,
        summary: 'Bevakningar per frekvens, skickade e-postmeddelanden per dag, e-postkön',
        response: { 200: AlertsOverview, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const smtpConfigured = Boolean(app.config.mail.smtpUrl);
      const [subscriptions, perDay, outbox, keptMails] = await Promise.all([
        subscriptionCounts(app.db),
        mailsPerDay(app.db, MAIL_DAYS),
        mailQueueState(app.db),
        smtpConfigured ? Promise.resolve([]) : listKeptMails(app.config.dataDir, KEPT_MAILS),
      ]);
      return { subscriptions, mailsPerDay: perDay, outbox, smtpConfigured, keptMails };
    },
  );
}
