import { Type } from '@fastify/type-provider-typebox';
import { AD_REPORT_MESSAGE_MAX } from '@jobbportalen/contracts';
import { NO_NUL, type FieldMessages } from '../../http/validation.js';

// The request and answer shapes are shared with the web app through contracts; only the server's
// Swedish validation messages and the path parameters live here.
export { AdReportBody, HiddenAds, ReportedAds } from '@jobbportalen/contracts/api/ad-reports';

/** An ad id as the path carries it (looked up as it is: an unknown one is a 404). */
const JobId = Type.String({ minLength: 1, maxLength: 100, pattern: NO_NUL });
export const ReportJobParams = Type.Object({ id: JobId });
export const ModeratedJobParams = Type.Object({ jobId: JobId });

export const adReportMessages: FieldMessages = {
  reason: {
    default: 'Välj varför du anmäler annonsen.',
  },
  message: {
    default: `Beskrivningen får vara högst ${AD_REPORT_MESSAGE_MAX} tecken.`,
    pattern: 'Beskrivningen innehåller otillåtna tecken.',
    type: 'Beskrivningen måste vara text.',
  },
};
