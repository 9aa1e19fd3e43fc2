import type { QueryInterpretation } from '@jobbportalen/contracts';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { jobsHref, type JobsRoute } from '../../lib/jobs-url-state';

/**
 * How the texts typed during this visit were understood, by the search they became: the URL holds
 * only the understood search ('?search=lärare&city=Malmö'), so the sentence 'Visar jobb som lärare
 * i Malmö' and its 'Sök exakt' link need the typed text from here. Kept for the tab's session, so
 * back and forward show it again even across a reload; a link opened elsewhere shows its URL's
 * search, which is then what was asked for.
 */
const STORAGE_KEY = 'jobbportalen.queryInterpretations';
/** Enough for any visit's history; the oldest are forgotten first. */
const MAX_REMEMBERED = 50;

type Remembered = Record<string, QueryInterpretation>;

let memory: Remembered = {};

function read(): Remembered {
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as Remembered) : memory;
  } catch {
    // Storage can be switched off; the visit then remembers in memory only.
    return memory;
  }
}

function write(remembered: Remembered): void {
  memory = remembered;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // As above: memory is enough.
  }
}

const keyOf = (route: JobsRoute): string => {
  const { page: _page, ...search } = route;
  return jobsHref(search);
};

/**
 * Remembers how a search was reached from a typed text; without an interpretation, forgets it
 * (the same search typed as it is must not show another text's sentence).
 */
export function rememberInterpretation(
  route: JobsRoute,
  interpretation: QueryInterpretation | undefined,
): void {
  const key = keyOf(route);
  const remembered = read();
  if (!interpretation && !(key in remembered)) return;
  const kept = Object.entries(remembered).filter(([known]) => known !== key);
  const added: [string, QueryInterpretation][] = interpretation ? [[key, interpretation]] : [];
  write(Object.fromEntries([...kept.slice(-(MAX_REMEMBERED - 1)), ...added]));
}

export const interpretationOf = (route: JobsRoute): QueryInterpretation | undefined => read()[keyOf(route)];

/** How the address /jobb was opened with was understood (set by the jobs page). */
export const EntryInterpretationContext = createContext<{
  route: JobsRoute;
  interpretation?: QueryInterpretation;
} | null>(null);

const unchanging = (): (() => void) => () => undefined;

/**
 * How this search was reached from a typed text. The server knows only the address the page was
 * opened with, so that one's reading is what the server renders and the browser hydrates; then
 * what this tab's session remembers is shown.
 */
export function useInterpretationOf(route: JobsRoute): QueryInterpretation | undefined {
  const entry = useContext(EntryInterpretationContext);
  const key = keyOf(route);
  const ofEntry = entry && keyOf(entry.route) === key ? entry.interpretation : undefined;
  // Compared as JSON: the stored one is parsed anew on every read.
  const shown = useSyncExternalStore(
    unchanging,
    () => JSON.stringify(read()[key] ?? ofEntry ?? null),
    () => JSON.stringify(ofEntry ?? null),
  );
  return (JSON.parse(shown) as QueryInterpretation | null) ?? undefined;
}
