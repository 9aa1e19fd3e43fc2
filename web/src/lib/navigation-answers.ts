import type { PrefetchedAnswer } from './prefetched-answers';

/**
 * The answers the page being navigated to needs (app/page-loaders.ts), fetched the moment the
 * browser navigates rather than when its screen mounts: without them a job page opened from the
 * results first loads its chunk, then mounts, then asks for the ad and 'Liknande jobb' — one
 * wait after the other. A screen's calls for the same paths are handed these answers instead of
 * sending a second request.
 *
 * They belong to one navigation: the next one forgets them (its own calls fetch anew, so nothing
 * stale is ever read), and a navigation never reads an older one's answers. A previous fetch is
 * not cancelled, as a caller may still be waiting for it; it just is not handed out again.
 */
export interface NavigationAnswers {
  /** A new navigation: forgets the previous one's answers and starts a fetch per path, at once. */
  start(paths: readonly string[]): void;
  /**
   * The answer for `path` in this navigation (in flight or settled), or undefined when it was not
   * fetched for it. Rejects only when the server could not be reached (as `fetchAnswer` does).
   */
  answerFor(path: string): Promise<PrefetchedAnswer> | undefined;
}

/** `fetchAnswer` fetches one public GET path as its status and parsed body. */
export function navigationAnswers(
  fetchAnswer: (path: string) => Promise<PrefetchedAnswer>,
): NavigationAnswers {
  let answers = new Map<string, Promise<PrefetchedAnswer>>();

  return {
    start(paths) {
      const current = new Map<string, Promise<PrefetchedAnswer>>();
      answers = current;
      for (const path of new Set(paths)) {
        const answer = fetchAnswer(path);
        current.set(path, answer);
        // No answer at all (offline): whoever waits gets the failure, a later call tries again.
        answer.catch(() => {
          if (current.get(path) === answer) current.delete(path);
        });
      }
    },
    answerFor: (path) => answers.get(path),
  };
}

/**
 * `answer`, or the caller's abort as fetch would report it: aborting one caller leaves the shared
 * fetch running for the others.
 */
export function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const aborted = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', aborted, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
  });
}

/** The reason fetch rejects with: the signal's own, an AbortError DOMException by default. */
const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
