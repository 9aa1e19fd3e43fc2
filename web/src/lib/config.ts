import { JOBS_INDEX } from '@jobbportalen/contracts';
import { useSyncExternalStore } from 'react';
import { apiFetch } from './api-client';

export interface SiteConfig {
  siteName: string;
  contactEmail: string;
  searchIndex: string;
  analyticsUrl: string | null;
}

/** Used until /api/config answers, and for any field it leaves out. */
export const DEFAULT_CONFIG: SiteConfig = {
  siteName: 'Jobbportalen',
  contactEmail: 'kontakt@jobbportalen.se',
  searchIndex: JOBS_INDEX,
  analyticsUrl: null,
};

let current: SiteConfig = DEFAULT_CONFIG;
let loaded = false;
let pending: Promise<SiteConfig> | null = null;
const listeners = new Set<() => void>();

const nonBlank = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() ? value.trim() : fallback;

function merge(raw: Partial<SiteConfig> | null): SiteConfig {
  return {
    siteName: nonBlank(raw?.siteName, DEFAULT_CONFIG.siteName),
    contactEmail: nonBlank(raw?.contactEmail, DEFAULT_CONFIG.contactEmail),
    searchIndex: nonBlank(raw?.searchIndex, DEFAULT_CONFIG.searchIndex),
    analyticsUrl: typeof raw?.analyticsUrl === 'string' && raw.analyticsUrl ? raw.analyticsUrl : null,
  };
}

/**
 * Fetches /api/config once per page load. A failure keeps the defaults: the site must still work
 * (and show its name) when that one call fails.
 */
export function loadConfig(): Promise<SiteConfig> {
  pending ??= apiFetch<Partial<SiteConfig>>('/api/config')
    .catch(() => null)
    .then((raw) => {
      current = merge(raw);
      loaded = true;
      listeners.forEach((listener) => listener());
      return current;
    });
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadConfig();
  return () => listeners.delete(listener);
}

/** The site config; the defaults until the first answer arrives. */
export function useSiteConfig(): SiteConfig {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

/** Whether /api/config has answered (or failed): the search index uid is only known after that. */
export function useConfigLoaded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  );
}
