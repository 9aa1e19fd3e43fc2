import type { PersonalDataExport } from '@jobbportalen/contracts/api/privacy';
import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { findAccountRecord } from '../accounts/users.repository.js';
import { notFound } from '../errors.js';
import { reportsByUser } from '../features/ad-reports/ad-reports.repository.js';
import { alertMailsOf } from '../features/alerts/alert-run.repository.js';
import {
  listAccountSearches,
  listVisitorSubscriptions,
  type SavedSearchRow,
} from '../features/alerts/saved-searches.repository.js';
import { summaryOf } from '../features/alerts/stored-query.js';
import { listSavedJobRecords } from '../features/candidate/candidate.repository.js';
import { findProfile } from '../features/candidate-profile/candidate-profile.repository.js';
import { toProfileResponse } from '../features/candidate-profile/candidate-profile.service.js';
import { mailsToRecipient } from '../mail/mail-outbox.repository.js';

type Db = Kysely<Database>;
type ExportedSearch = PersonalDataExport['savedSearches'][number];

const PASSWORD_NOTE =
  'Lösenordet sparas bara som en envägshash (argon2id). Den går inte att vända tillbaka till ' +
  'lösenordet och lämnas därför inte ut.';

/** What we do not keep at all, said in the export too, so its reader does not look for it. */
const NOTES = [
  'CV och personligt brev som du laddar upp under Matcha mig läses bara i minnet medan matchningen ' +
    'pågår och sparas inte – varken i databasen, på disk eller i loggar.',
  'Har du sparat en profil (Min profil) läses CV:t också då bara i minnet. Vi sparar det som lästes ut ' +
    '(yrken, kompetenser, språk, körkort, orter och år av erfarenhet) tills du tar bort profilen eller ' +
    'kontot, och själva CV-filen bara om du kryssade i att den skulle sparas. Filen finns inte med här, ' +
    'bara dess namn, storlek och datum: ladda ner den under Min profil.',
  'E-postmeddelandenas innehåll lämnas inte ut: det innehåller engångslänkar. Här finns vilka ' +
    'meddelanden vi har skickat och när.',
  'Anmälningar av annonser sparas utan din IP-adress (bara en nyckel som inte går att vända ' +
    'tillbaka till adressen).',
];

const iso = (moment: Date): string => moment.toISOString();
const isoOrNull = (moment: Date | null): string | null => (moment ? moment.toISOString() : null);

/**
 * Everything held about an account ('Ladda ner mina uppgifter', GDPR art. 15): the account row
 * (not its password hash), saved jobs, saved searches with their sent sets, the alerts its address
 * has without logging in, the mails kept for that address, the ads it reported and 'Min profil'. Each table is
 * read through its own repository.
 */
export async function exportPersonalData(db: Db, userId: string, now: Date): Promise<PersonalDataExport> {
  const account = await findAccountRecord(db, userId);
  // authenticate found the user a moment ago; a deletion in between is the only way here.
  if (!account) throw notFound('Kontot finns inte längre.');
  const [savedJobs, savedSearches, visitorSubscriptions, mails, adReports, profile] = await Promise.all([
    listSavedJobRecords(db, userId),
    listAccountSearches(db, userId),
    listVisitorSubscriptions(db, account.email),
    mailsToRecipient(db, account.email),
    reportsByUser(db, userId),
    findProfile(db, userId),
  ]);
  const sentAlerts = await alertMailsOf(
    db,
    [...savedSearches, ...visitorSubscriptions].map((search) => search.id),
  );
  const exportedSearch = (row: SavedSearchRow): ExportedSearch => ({
    id: row.id,
    name: row.name,
    query: row.query as Record<string, unknown>,
    summary: summaryOf(row.queryKey),
    alert: row.alert,
    createdAt: iso(row.createdAt),
    confirmedAt: isoOrNull(row.confirmedAt),
    lastOpenedAt: iso(row.lastOpenedAt),
    lastEngagedAt: iso(row.lastEngagedAt),
    reminderSentAt: isoOrNull(row.reminderSentAt),
    lastMailedAt: isoOrNull(row.lastMailedAt),
    sentAlerts: sentAlerts
      .filter((mail) => mail.savedSearchId === row.id)
      .map((mail) => ({ period: mail.period, jobIds: mail.jobIds, createdAt: iso(mail.createdAt) })),
  });
  return {
    exportedAt: iso(now),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      createdAt: iso(account.createdAt),
      emailVerifiedAt: isoOrNull(account.emailVerifiedAt),
      signInSecret: PASSWORD_NOTE,
    },
    savedJobs: savedJobs.map((job) => ({
      jobId: job.jobId,
      title: job.title,
      company: job.company,
      savedAt: iso(job.savedAt),
    })),
    savedSearches: savedSearches.map(exportedSearch),
    subscriptionsWithoutAccount: visitorSubscriptions.map(exportedSearch),
    mails: mails.map((mail) => ({
      kind: mail.kind,
      status: mail.status,
      attempts: mail.attempts,
      createdAt: iso(mail.createdAt),
      sentAt: isoOrNull(mail.sentAt),
    })),
    adReports: adReports.map((report) => ({
      jobId: report.jobId,
      reason: report.reason,
      message: report.message,
      createdAt: iso(report.createdAt),
      resolvedAt: isoOrNull(report.resolvedAt),
      resolution: report.resolution,
    })),
    candidateProfile: profile ? toProfileResponse(profile) : null,
    notes: NOTES,
  };
}
