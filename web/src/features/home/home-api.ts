import type { JobStats } from '@jobbportalen/contracts';
import type { SiteSettings } from '@jobbportalen/contracts/api/site-settings';
import { publicGetAll, request } from '../../lib/api-client';
import { asList } from '../../lib/jobs';

/** The front page's texts as the admin last saved them (the public read of the site settings). */
export const fetchHeroTexts = publicGetAll<SiteSettings>('/api/admin/site-settings');

export const fetchJobStats = publicGetAll<JobStats>('/api/jobs/stats');

/** Titles that complete what the visitor is typing; anything but strings is dropped. */
export async function fetchSuggestions(query: string, signal?: AbortSignal): Promise<string[]> {
  const body = await request<unknown>(`/api/jobs/suggestions?q=${encodeURIComponent(query)}`, { signal });
  return asList<unknown>(body).filter((item): item is string => typeof item === 'string');
}
