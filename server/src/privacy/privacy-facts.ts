import { DAY_MS, UNCONFIRMED_SUBSCRIPTION_DAYS } from '@jobbportalen/contracts';
import type { PrivacyFacts } from '@jobbportalen/contracts/api/privacy';
import type { Config } from '../config.js';
import {
  IDLE_BEFORE_REMINDER_DAYS,
  REMOVAL_AFTER_REMINDER_DAYS,
} from '../features/alerts/alert-housekeeping.js';
import { KNOWN_ADDRESS_MS } from '../features/auth/login-attempts.js';
import { SESSION_DAYS } from '../plugins/auth.js';

/**
 * The figures /integritet states, taken from where the portal acts on them — the retention
 * settings the housekeeping deletes by and the periods fixed in the alerts' and log-in's code —
 * so the page cannot promise what the portal does not do. Lives outside features/ because it
 * reads several of them, as the page renderer does.
 */
export function privacyFactsOf(config: Readonly<Config>): PrivacyFacts {
  const { retention } = config;
  return Object.freeze({
    contactEmail: config.contactEmail,
    retention: {
      mailDays: retention.mailDays,
      alertSentDays: retention.alertSentDays,
      resolvedReportDays: retention.resolvedReportDays,
      closedAdDays: retention.closedAdDays,
      importLogDays: retention.importLogDays,
      feedControlDays: retention.feedControlDays,
    },
    alerts: {
      unconfirmedDays: UNCONFIRMED_SUBSCRIPTION_DAYS,
      idleBeforeReminderDays: IDLE_BEFORE_REMINDER_DAYS,
      removalAfterReminderDays: REMOVAL_AFTER_REMINDER_DAYS,
    },
    login: { knownAddressDays: Math.round(KNOWN_ADDRESS_MS / DAY_MS), sessionDays: SESSION_DAYS },
  });
}
