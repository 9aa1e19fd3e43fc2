import { useSearch } from 'wouter';

/** The `token` of a mail link's query string ('' when the link has none). */
export function useMailLinkToken(): string {
  return new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
}
