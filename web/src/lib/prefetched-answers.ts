/**
 * The API answers a server-rendered page was built from. The server fetches them while it renders,
 * sends them inside the page, and the browser's first render reads the same answers — so it renders
 * what the HTML already shows (hydration without a mismatch) and asks the API for none of them again.
 *
 * They are looked up by the GET path the browser would have called ('/api/jobs/123'). On the server
 * the answers belong to one render: React renders a page synchronously, so the answers are set just
 * for the duration of that render call and no two requests ever see each other's. In the browser they
 * hold for the page the server rendered and are forgotten at the first navigation.
 */
export interface PrefetchedAnswer {
  status: number;
  body: unknown;
}

export type PrefetchedAnswers = Record<string, PrefetchedAnswer>;

interface RenderScope {
  answers: PrefetchedAnswers;
  /** When the server rendered the page (ms): relative times ('3 timmar sedan') hydrate as rendered. */
  renderedAt: number | undefined;
  /** Paths a render asked for that were not fetched yet (server only): the next pass fetches them. */
  missing: Set<string> | null;
}

let scope: RenderScope = { answers: {}, renderedAt: undefined, missing: null };

/** The answer for `path` in the current render, if one came with the page. */
export function prefetchedAnswer(path: string): PrefetchedAnswer | undefined {
  const answer = Object.hasOwn(scope.answers, path) ? scope.answers[path] : undefined;
  if (!answer) scope.missing?.add(path);
  return answer;
}

/** The body of a successful prefetched answer for `path`. */
export function prefetchedBody(path: string): unknown {
  const answer = prefetchedAnswer(path);
  return answer && answer.status >= 200 && answer.status < 300 ? answer.body : undefined;
}

/**
 * Server: runs one synchronous render with these answers, and tells which paths it asked for that
 * were missing.
 */
export function renderWithAnswers<T>(
  answers: PrefetchedAnswers,
  renderedAt: number,
  render: () => T,
): { result: T; missing: string[] } {
  const previous = scope;
  const missing = new Set<string>();
  scope = { answers, renderedAt, missing };
  try {
    return { result: render(), missing: [...missing] };
  } finally {
    scope = previous;
  }
}

/** Browser: the answers that came inside the page, until `forgetPrefetchedAnswers`. */
export function setPageAnswers(answers: PrefetchedAnswers, renderedAt: number): void {
  scope = { answers, renderedAt, missing: null };
}

/** When the page being rendered or hydrated was rendered on the server, if it was. */
export const pageRenderedAt = (): number | undefined => scope.renderedAt;

/** Browser: after the first navigation every answer is fetched fresh again. */
export function forgetPrefetchedAnswers(): void {
  scope = { answers: {}, renderedAt: undefined, missing: null };
}
