import { AD_REPORT_MESSAGE_MAX, adReportNeedsMessage, type AdReportReason } from '@jobbportalen/contracts';

export interface ReportAdForm {
  reason: AdReportReason | null;
  message: string;
}

export interface ReportAdProblems {
  reason?: string;
  message?: string;
}

/** What is wrong with the form, in the same Swedish words the server uses. */
export function reportAdProblems(form: ReportAdForm): ReportAdProblems {
  const problems: ReportAdProblems = {};
  const message = form.message.trim();
  if (!form.reason) problems.reason = 'Välj varför du anmäler annonsen.';
  if (message.length > AD_REPORT_MESSAGE_MAX)
    problems.message = `Beskrivningen får vara högst ${AD_REPORT_MESSAGE_MAX} tecken.`;
  else if (form.reason && adReportNeedsMessage(form.reason) && !message)
    problems.message = 'Beskriv vad som är fel med annonsen.';
  return problems;
}
