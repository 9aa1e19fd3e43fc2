import type { AdReportBody } from '@jobbportalen/contracts/api/ad-reports';
import { request } from '../../lib/api-client';

/**
 * 'Anmäl annons': resolves with the server's thanks. The visitor's session goes along when there
 * is one (the report is then tied to the account); the route never answers 401, so a report never
 * ends a session.
 */
export async function reportAd(jobId: string, body: AdReportBody): Promise<string> {
  const answer = await request<{ message: string }>(`/api/jobs/${encodeURIComponent(jobId)}/reports`, {
    method: 'POST',
    json: body,
    session: true,
  });
  return answer.message;
}
