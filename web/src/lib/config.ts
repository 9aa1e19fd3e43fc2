import { JOBS_INDEX, PAGE_ANSWER_PATHS } from '@jobbportalen/contracts';
import type { PublicConfig } from '@jobbportalen/contracts/api/public-config';
import { useSyncExternalStore } from 'react';
import { request } from './api-client';
import { pageCache } from './page-cache';
import { prefetchedBody } from './prefetched-answers';

export type SiteConfig = PublicConfig;

/** Used until /api/config answers, and for any field it leaves out. */
export const DEFAULT_CONFIG: SiteConfig = {
  siteName: 'Jobbportalen',
  contactEmail: 'kontakt@jobbportalen.se',
  searchIndex: JOBS_INDEX,
  analyticsUrl: null,
};

const nonBlank = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() ? value.trim() : fallback;

function merge(raw: Partial<PublicConfig> | null): SiteConfig {
  return {
    siteName: nonBlank(raw?.siteName, DEFAULT_CONFIG.siteName),
    contactEmail: nonBlank(raw?.contactEmail, DEFAULT_CONFIG.contactEmail),
    searchIndex: nonBlank(raw?.searchIndex, DEFAULT_CONFIG.searchIndex),
    analyticsUrl: null,
  };
}

export const CONFIG_PATH = PAGE_ANSWER_PATHS.config;

const fetchPublicConfig = (): Promise<PublicConfig> => request<PublicConfig>(CONFIG_PATH);

const prefetchedConfig = (): SiteConfig | undefined => {
  const body = prefetchedBody(CONFIG_PATH);
  return body === undefined ? undefined : merge(body as Partial<PublicConfig>);
};

// A failure keeps the defaults: the site must still work (and show its name) when that one call fails.
const config = pageCache<void, SiteConfig>(
  () => fetchPublicConfig().then(merge, () => DEFAULT_CONFIG),
  prefetchedConfig,
  () => CONFIG_PATH,
);

/** The site config, fetched once per page load. */
export const loadConfig = (): Promise<SiteConfig> => config.load();

function subscribe(listener: () => void): () => void {
  const unsubscribe = config.subscribe(listener);
  void loadConfig();
  return unsubscribe;
}

/** The site config as known now (a server render: the one its page came with); else the defaults. */
export const peekSiteConfig = (): SiteConfig => config.peek() ?? DEFAULT_CONFIG;

/** The site config; the defaults until the first answer arrives. */
export function useSiteConfig(): SiteConfig {
  // The server snapshot too: a server-rendered page came with the config its render used.
  return useSyncExternalStore(subscribe, peekSiteConfig, peekSiteConfig);
}

/** Whether /api/config has answered (or failed): the search index uid is only known after that. */
export function useConfigLoaded(): boolean {
  const loaded = () => config.peek() !== undefined;
  return useSyncExternalStore(subscribe, loaded, loaded);
}
