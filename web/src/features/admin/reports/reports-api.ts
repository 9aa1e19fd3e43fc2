import type { HiddenAds, ReportedAds } from '@jobbportalen/contracts/api/ad-reports';
import { adminRequest } from '../admin-api';

/** Open reports, grouped per ad (not from the browser cache: an admin acts on what is current). */
export const fetchReportedAds = (signal?: AbortSignal) =>
  adminRequest<ReportedAds>('/api/admin/ad-reports', { signal, cache: 'no-store' });

export const fetchHiddenAds = (signal?: AbortSignal) =>
  adminRequest<HiddenAds>('/api/admin/ad-reports/hidden', { signal, cache: 'no-store' });

export type ModerationAction = 'hide' | 'dismiss' | 'unhide';

/** Hides the ad, dismisses its reports or shows it again; resolves with the server's Swedish answer. */
export async function moderateAd(jobId: string, action: ModerationAction): Promise<string> {
  const answer = await adminRequest<{ message: string }>(
    `/api/admin/ad-reports/${encodeURIComponent(jobId)}/${action}`,
    { method: 'POST' },
  );
  return answer.message;
}
