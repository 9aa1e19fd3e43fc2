import { FIT_IDS_LIMIT } from '@jobbportalen/contracts';
import type { AdFit, FitResponse } from '@jobbportalen/contracts/api/candidate-profile';
import { ApiError, request } from './api-client';

/**
 * How the ads fit the logged-in visitor's profile (GET /api/candidate/fit), the first
 * FIT_IDS_LIMIT of them; null when the visitor has no profile (404 PROFILE_NOT_FOUND), which is
 * no error: there is just nothing to show.
 */
export async function fetchFits(ids: readonly string[]): Promise<AdFit[] | null> {
  const asked = ids.slice(0, FIT_IDS_LIMIT).join(',');
  try {
    const answer = await request<FitResponse>(`/api/candidate/fit?ids=${encodeURIComponent(asked)}`, {
      session: true,
      // The fit is an extra on public pages: a refused token must not send a reader away.
      quiet: true,
    });
    return answer.fits;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PROFILE_NOT_FOUND') return null;
    throw error;
  }
}
