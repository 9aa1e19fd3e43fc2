import { useEffect, useState } from 'react';
import { fetchSuggestions } from './home-api';

/** At most 8 suggestions: a short list to choose from, not a second result page. */
export const MAX_SUGGESTIONS = 8;
const DEBOUNCE_MS = 200;

interface Answer {
  query: string;
  items: string[];
}

/**
 * Suggestions for what the visitor is typing, fetched after a short pause so a fast typist sends one
 * request, not one per key. Failures give an empty list: a broken suggestion list must not stop a search.
 */
export function useSuggestions(query: string): string[] {
  const trimmed = query.trim();
  const [answer, setAnswer] = useState<Answer>({ query: '', items: [] });

  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchSuggestions(trimmed, controller.signal)
        .catch((): string[] => [])
        .then((items) => {
          if (!controller.signal.aborted)
            setAnswer({ query: trimmed, items: items.slice(0, MAX_SUGGESTIONS) });
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  // While the next answer is on its way the previous list stays, so the list does not flicker.
  return trimmed && answer.query ? answer.items : [];
}
