import { PAGE_ANSWER_PATHS } from '@jobbportalen/contracts';
import type { SiteSettings } from '@jobbportalen/contracts/api/site-settings';
import { publicGetAll, request } from '../../lib/api-client';
import { asList } from '../../lib/jobs';

/** The front page's texts as the admin last saved them (the public read of the site settings). */
export const fetchHeroTexts = publicGetAll<SiteSettings>(PAGE_ANSWER_PATHS.siteSettings);

/** 'Populära jobb just nu': the start page shows six. */
export const LATEST_JOBS_COUNT = 6;

/** Titles that complete what the visitor is typing; anything but strings is dropped. */
export async function fetchSuggestions(query: string, signal?: AbortSignal): Promise<string[]> {
  const body = await request<unknown>(`/api/jobs/suggestions?q=${encodeURIComponent(query)}`, { signal });
  return asList<unknown>(body).filter((item): item is string => typeof item === 'string');
}
