import { DEFAULT_FEED_BASE_URL } from './feed-urls.js';

export interface FeedSettingsInput {
  baseUrl?: string;
  apiVersion: string;
  minRequestIntervalMs?: number;
  requestTimeoutMs?: number;
  idleTimeoutMs?: number;
  maxAttempts?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
}

export type FeedSettings = Required<Omit<FeedSettingsInput, 'apiVersion'>>;

const durationKeys = [
  'minRequestIntervalMs',
  'requestTimeoutMs',
  'idleTimeoutMs',
  'retryBaseDelayMs',
  'retryMaxDelayMs',
] as const;

/** Defaults: one request a minute, as the real JobStream asks of its clients; every problem is reported at once. */
export function resolveFeedSettings(input: FeedSettingsInput): FeedSettings {
  const settings: FeedSettings = {
    baseUrl: input.baseUrl ?? DEFAULT_FEED_BASE_URL,
    minRequestIntervalMs: input.minRequestIntervalMs ?? 60_000,
    requestTimeoutMs: input.requestTimeoutMs ?? 30_000,
    idleTimeoutMs: input.idleTimeoutMs ?? 60_000,
    maxAttempts: input.maxAttempts ?? 6,
    retryBaseDelayMs: input.retryBaseDelayMs ?? 1_000,
    retryMaxDelayMs: input.retryMaxDelayMs ?? 5 * 60_000,
  };
  const problems: string[] = [];
  if (input.apiVersion !== 'v1' && input.apiVersion !== 'v2') problems.push('apiVersion must be v1 or v2');
  if (!/^https?:\/\/[^/]/.test(settings.baseUrl)) problems.push('baseUrl must be an http(s) URL');
  if (!Number.isInteger(settings.maxAttempts) || settings.maxAttempts < 1) {
    problems.push('maxAttempts must be a whole number of at least 1');
  }
  for (const key of durationKeys) {
    if (!Number.isFinite(settings[key]) || settings[key] < 0) problems.push(`${key} must be a number ≥ 0`);
  }
  if (problems.length > 0) throw new RangeError(`Invalid feed client options: ${problems.join('; ')}`);
  return settings;
}
