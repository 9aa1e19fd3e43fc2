/**
 * The session is a bearer token in localStorage under 'token', as the spec asks. The API client reads
 * it from here (the only place that sends it); `useToken` below is the React view of the same store.
 */
import { PAGES } from '@jobbportalen/contracts';
import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'token';

const listeners = new Set<() => void>();
const notify = (): void => listeners.forEach((listener) => listener());

function safeStorage(): Storage | null {
  // Private modes and locked-down browsers can throw on access; treat that as "not logged in".
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  const token = safeStorage()?.getItem(TOKEN_KEY) ?? null;
  return token && token.trim() ? token : null;
}

export function setToken(token: string): void {
  safeStorage()?.setItem(TOKEN_KEY, token);
  notify();
}

export function clearToken(): void {
  safeStorage()?.removeItem(TOKEN_KEY);
  notify();
}

// The pages' paths are contracts' (PAGES): one owner for every page's address.
export const LOGIN_PATH = PAGES.login.path;
const REGISTER_PATH = PAGES.register.path;

/** `path`, coming back to `next` (a path on this site) afterwards; `path` alone without one. */
const withNext = (path: string, next: string | undefined): string =>
  next ? `${path}?next=${encodeURIComponent(next)}` : path;

/** The login page, coming back to `next` (a path on this site) afterwards. */
export const loginPathWithNext = (next: string | undefined): string => withNext(LOGIN_PATH, next);

/**
 * The registration page, for a visitor who was on their way to `next`: after registering they log
 * in (the login page with the same `next`) and come back there.
 */
export const registerPathWithNext = (next: string | undefined): string => withNext(REGISTER_PATH, next);

/** Calls `listener` whenever the token is set or cleared, here or in another tab; returns the stop. */
export function watchToken(listener: () => void): () => void {
  listeners.add(listener);
  // Logging in or out in another tab changes localStorage without calling our setters.
  const onStorage = (event: StorageEvent): void => {
    if (event.key === null || event.key === TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current token (or null), re-rendering when it is set or cleared here or in another tab. */
export function useToken(): string | null {
  return useSyncExternalStore(watchToken, getToken, () => null);
}
