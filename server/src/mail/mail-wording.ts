import {
  ALERT_FREQUENCY_LABELS,
  PROFILE_SEARCH_NAME,
  stockholmDate,
  UNCONFIRMED_SUBSCRIPTION_DAYS,
} from '@jobbportalen/contracts';
import type { AlertMailAd, AlertMailPayload, MailPayload } from './mail-kinds.js';
import { userText } from './user-text.js';

/**
 * The Swedish words of our mails, shared by the HTML templates and the plain-text part so the two
 * always say the same thing. Values are passed through as they are: React escapes them in the
 * HTML, and plain text needs no escaping. Text someone typed (a name, a search's summary) is
 * printed only through userText(): one line, short, and never a link.
 */

/** What the summary of a search says when it has no criteria (describeJobQuery). */
const NO_CRITERIA = 'Alla jobb';

export function newJobsPhrase(count: number): string {
  return `${count} ${count === 1 ? 'nytt jobb' : 'nya jobb'}`;
}

/** New ads an alert reports, listed or not. */
export const alertTotal = (payload: AlertMailPayload): number => payload.ads.length + payload.moreCount;

/**
 * '3 nya jobb för ”lärare” i Göteborg'; a search without criteria: '3 nya jobb på Jobbportalen';
 * 'Jobb som matchar min profil': '3 nya jobb som matchar din profil'.
 */
export function alertHeadline(payload: AlertMailPayload, siteName: string): string {
  const count = newJobsPhrase(alertTotal(payload));
  if (payload.summary === PROFILE_SEARCH_NAME) return `${count} som matchar din profil`;
  return payload.summary === NO_CRITERIA
    ? `${count} på ${siteName}`
    : `${count} för ${userText(payload.summary)}`;
}

/** Why a profile search's ad fits, as the mail says it: 'Därför passar det: Yrke: … · Ort: …'. */
export const fitLine = (reason: string): string => `Därför passar det: ${reason}`;

/** A name in Swedish quotation marks, unless it brings its own (a summary such as '”lärare” i Göteborg'). */
export function quoted(name: string): string {
  const shown = userText(name);
  return shown.includes('”') ? shown : `”${shown}”`;
}

export function alertReason(payload: AlertMailPayload): string {
  return `Du får det här e-postmeddelandet eftersom du bevakar ${quoted(payload.name)} (${ALERT_FREQUENCY_LABELS[payload.frequency]}).`;
}

export const reminderReason = (summary: string): string =>
  `Du får det här e-postmeddelandet eftersom du bevakar ${quoted(summary)}.`;

/** 'Skola AB · Göteborg', or null when the ad names neither. */
export function adPlace(ad: AlertMailAd): string | null {
  const parts = [ad.company, ad.location].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * The calendar day of an ISO 8601 value as a Swede reads it: '2026-12-01'. A value without a
 * zone (JobStream's deadlines: '2026-12-01T23:59:59') already is Swedish time; one with a zone is
 * converted. Unreadable values are shown as they came.
 */
export function swedishDate(iso: string): string {
  const plain = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+)?$/.exec(iso);
  if (plain?.[1]) return plain[1];
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : stockholmDate(date);
}

export const deadlineLine = (lastDate: string): string => `Sista ansökningsdag ${swedishDate(lastDate)}`;

export const moreLine = (moreCount: number): string => `och ${moreCount} till`;

export const showAllLabel = (siteName: string): string => `Visa alla i ${siteName}`;

export const CHANGE_FREQUENCY = 'Ändra hur ofta';
export const UNSUBSCRIBE = 'Avsluta bevakningen';
export const IGNORE_IF_NOT_YOU = 'Om du inte bad om det kan du strunta i det här e-postmeddelandet.';

export const confirmText = {
  heading: 'Bekräfta din bevakning',
  request: (summary: string, frequency: AlertMailPayload['frequency']) =>
    `Du har bett om att få e-post om nya jobb för ${quoted(summary)} (${ALERT_FREQUENCY_LABELS[frequency]}).`,
  button: 'Bekräfta bevakningen',
  nothingUntilConfirmed: `Vi skickar ingenting förrän du har bekräftat. Bekräftar du inte inom ${UNCONFIRMED_SUBSCRIPTION_DAYS} dagar tas bevakningen bort.`,
};

export const reminderText = {
  heading: 'Vill du behålla din bevakning?',
  unused: (summary: string) =>
    `Vi har inte sett att du har använt din bevakning av ${quoted(summary)} på ett år.`,
  removal: (removeOn: string) =>
    `Den tas bort ${swedishDate(removeOn)} om du inte väljer att behålla den. Vill du ha kvar den räcker det att klicka på knappen.`,
  button: 'Behåll bevakningen',
};

export const greeting = (name: string): string => {
  const shown = userText(name);
  return shown ? `Hej ${shown}!` : 'Hej!';
};

export const verifyText = {
  heading: 'Bekräfta din e-postadress',
  body: (siteName: string) =>
    `Klicka på knappen för att bekräfta att det här är din e-postadress hos ${siteName}. Först då kan vi skicka dina bevakningar hit.`,
  button: 'Bekräfta e-postadressen',
  notYou: (siteName: string) =>
    `Om du inte har skapat något konto hos ${siteName} kan du strunta i det här e-postmeddelandet.`,
};

export const resetText = {
  heading: 'Återställ ditt lösenord',
  body: (siteName: string) =>
    `Någon har bett om att få återställa lösenordet till ditt konto hos ${siteName}.`,
  button: 'Välj ett nytt lösenord',
  validity: 'Länken gäller i en timme och kan bara användas en gång.',
};

export const registrationAttemptText = {
  heading: 'Någon försökte skapa ett konto med din e-postadress',
  body: (siteName: string) =>
    `Någon har just försökt skapa ett nytt konto hos ${siteName} med den här e-postadressen. Du har redan ett konto hos oss, så inget nytt konto skapades och ditt konto är oförändrat.`,
  ifYou: 'Var det du? Logga in som vanligt, eller välj ett nytt lösenord om du har glömt det.',
  button: 'Logga in',
  forgotPassword: 'Glömt lösenord?',
  notYou: 'Var det inte du behöver du inte göra något. Du kan strunta i det här e-postmeddelandet.',
};

/** The subject line of a mail (no line breaks: it becomes a header). */
export function subjectOf(payload: MailPayload, siteName: string): string {
  switch (payload.kind) {
    case 'alert':
      return oneLine(alertHeadline(payload, siteName));
    case 'alert-confirm':
      return confirmText.heading;
    case 'alert-reminder':
      return reminderText.heading;
    case 'verify-email':
      return verifyText.heading;
    case 'reset-password':
      return resetText.heading;
    case 'registration-attempt':
      return registrationAttemptText.heading;
  }
}

/** Collapses line breaks and tabs, which a header must not carry, into spaces. */
export const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').trim();
