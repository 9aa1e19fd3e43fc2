import type { HousekeepingKind, HousekeepingKindStatus } from '@jobbportalen/contracts/api/housekeeping';
import { formatNumber } from '../../../lib/format';

interface KindWording {
  label: string;
  /** What was deleted, for one and for several: '1 rad borttagen', '2 rader borttagna'. */
  one: string;
  many: string;
}

const ROWS = { one: 'rad borttagen', many: 'rader borttagna' };

/** Each kind in Swedish, as 'Gallring' on Översikt lists them. */
const WORDING: Record<HousekeepingKind, KindWording> = {
  importLog: { label: 'Importlogg', ...ROWS },
  closedAdPayloads: {
    label: 'Flödets rådata i avslutade annonser',
    one: 'annons rensad',
    many: 'annonser rensade',
  },
  closedAds: { label: 'Avslutade annonser', ...ROWS },
  feedControl: { label: 'Importkommandon', ...ROWS },
  alertSent: { label: 'Bevakningarnas skickade annonser', ...ROWS },
  resolvedReports: { label: 'Hanterade anmälningar', ...ROWS },
  mails: { label: 'Skickade e-postmeddelanden', ...ROWS },
  mailFiles: { label: 'Sparade e-postfiler (.eml)', one: 'fil borttagen', many: 'filer borttagna' },
  housekeepingRuns: { label: 'Gallringslogg', ...ROWS },
};

export const housekeepingLabel = (kind: HousekeepingKind): string => WORDING[kind].label;

/**
 * What the last run did to a kind and how long it is kept: '1 234 rader borttagna (sparas i 90
 * dagar)'; before any run only the period.
 */
export function housekeepingLine(status: HousekeepingKindStatus): string {
  const period = `sparas i ${formatNumber(status.days)} ${status.days === 1 ? 'dag' : 'dagar'}`;
  if (status.deleted === null) return `Inget borttaget ännu (${period})`;
  const wording = WORDING[status.kind];
  return `${formatNumber(status.deleted)} ${status.deleted === 1 ? wording.one : wording.many} (${period})`;
}
