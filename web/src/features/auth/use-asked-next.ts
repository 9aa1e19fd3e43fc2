import { useSearch } from 'wouter';
import { safeNextPath } from './safe-next';

/**
 * Where the visitor was going when they were sent to log in or register (the page's `next`, a
 * path on this site: the ad they wanted to save, the admin area), or undefined.
 */
export function useAskedNext(): string | undefined {
  return safeNextPath(new URLSearchParams(useSearch()).get('next'), window.location.origin, '') || undefined;
}
