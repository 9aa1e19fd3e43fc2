import { Type, type Static } from 'typebox';
import { CandidateProfileResponse } from './candidate-profile.js';

const Days = (description: string) => Type.Integer({ minimum: 0, description });

/**
 * GET /api/privacy: the figures /integritet states, read from the server's settings and the
 * periods fixed in its code, so the page says what the housekeeping actually does.
 */
export const PrivacyFacts = Type.Object({
  contactEmail: Type.String({ description: 'Den personuppgiftsansvariges kontaktadress' }),
  retention: Type.Object({
    mailDays: Days('Skickade e-postmeddelanden (utkorgen) sparas så här länge'),
    alertSentDays: Days('Vilka annonser en bevakning redan har skickat'),
    resolvedReportDays: Days("'Anmäl annons' efter att en administratör har avgjort anmälan"),
    closedAdDays: Days('En stängd annons (och därmed ett sparat jobb som pekar på den)'),
    importLogDays: Days('Importloggen'),
    feedControlDays: Days('Administratörernas styrning av importen'),
  }),
  alerts: Type.Object({
    unconfirmedDays: Days('En obekräftad bevakning utan konto tas bort efter så här många dagar'),
    idleBeforeReminderDays: Days('En bevakning som inte använts får en påminnelse efter så här många dagar'),
    removalAfterReminderDays: Days('…och tas bort så här många dagar efter påminnelsen'),
  }),
  login: Type.Object({
    knownAddressDays: Days('Hur länge en IP-adress som loggat in på kontot räknas som känd'),
    sessionDays: Days('Hur länge en inloggning gäller'),
  }),
});
export type PrivacyFacts = Static<typeof PrivacyFacts>;

const Moment = Type.String({ format: 'date-time' });
const MaybeMoment = Type.Union([Moment, Type.Null()]);

const ExportedSearch = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The search in /api/jobs's parameters ({} for 'Jobb som matchar min profil'). */
  query: Type.Record(Type.String(), Type.Unknown()),
  /** What it watches, in words: '”lärare” i Göteborg', 'Jobb som matchar min profil'. */
  summary: Type.String(),
  alert: Type.String(),
  createdAt: Moment,
  confirmedAt: MaybeMoment,
  lastOpenedAt: Moment,
  lastEngagedAt: Moment,
  reminderSentAt: MaybeMoment,
  lastMailedAt: MaybeMoment,
  /** The sent set: one entry per alert mail, naming the ads it reported. */
  sentAlerts: Type.Array(
    Type.Object({ period: Type.String(), jobIds: Type.Array(Type.String()), createdAt: Moment }),
  ),
});

/** GET /api/candidate/export: everything held about the logged-in account ('Ladda ner mina uppgifter'). */
export const PersonalDataExport = Type.Object({
  exportedAt: Moment,
  account: Type.Object({
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    role: Type.String(),
    createdAt: Moment,
    emailVerifiedAt: MaybeMoment,
    // Not named after the password: no answer of the API has a property that is (openapi-auth.test.ts).
    signInSecret: Type.String({ description: 'Varför lösenordet inte finns med' }),
  }),
  savedJobs: Type.Array(
    Type.Object({
      jobId: Type.String(),
      title: Type.String(),
      company: Type.Union([Type.String(), Type.Null()]),
      savedAt: Moment,
    }),
  ),
  savedSearches: Type.Array(ExportedSearch),
  /** Alerts the same address subscribed to without logging in. */
  subscriptionsWithoutAccount: Type.Array(ExportedSearch),
  mails: Type.Array(
    Type.Object({
      kind: Type.String(),
      status: Type.String(),
      attempts: Type.Integer(),
      createdAt: Moment,
      sentAt: MaybeMoment,
    }),
  ),
  adReports: Type.Array(
    Type.Object({
      jobId: Type.String(),
      reason: Type.String(),
      message: Type.Union([Type.String(), Type.Null()]),
      createdAt: Moment,
      resolvedAt: MaybeMoment,
      resolution: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  /** 'Min profil': what was read from a CV, and the kept file's name, size and date (not its bytes). */
  candidateProfile: Type.Union([CandidateProfileResponse, Type.Null()]),
  notes: Type.Array(Type.String()),
});
export type PersonalDataExport = Static<typeof PersonalDataExport>;

/** The export's file name, the same from the server's header and the browser's download. */
export const personalDataFileName = (day: string): string => `jobbportalen-mina-uppgifter-${day}.json`;
