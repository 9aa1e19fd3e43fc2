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
  /**
   * A new navigation: forgets the previous one's answers and starts a fetch per path, at once —
   * or takes the one a press of the link that led here started (`prepare`).
   */
  start(paths: readonly string[]): void;
  /**
   * A link was pressed; its click, and the navigation, follow in about 100 ms. Starts the fetches
   * for the next `start` to take, unread until then: the page shown now keeps its own answers.
   */
  prepare(paths: readonly string[]): void;
  /** The press led nowhere (no navigation followed its click): its fetches are forgotten. */
  dropPrepared(): void;
  /**
   * The answer for `path` in this navigation (in flight or settled), or undefined when it was not
   * fetched for it. Rejects only when the server could not be reached (as `fetchAnswer` does).
   */
  answerFor(path: string): Promise<PrefetchedAnswer> | undefined;
}

type Answers = Map<string, Promise<PrefetchedAnswer>>;

/** `fetchAnswer` fetches one public GET path as its status and parsed body. */
export function navigationAnswers(
  fetchAnswer: (path: string) => Promise<PrefetchedAnswer>,
): NavigationAnswers {
  let answers: Answers = new Map();
  let prepared: Answers = new Map();

  /** Fetches each path once into `into`, taking what `from` has for it already. */
  function fill(into: Answers, paths: readonly string[], from: Answers): void {
    for (const path of paths) {
      if (into.has(path)) continue;
      const answer = from.get(path) ?? fetchAnswer(path);
      into.set(path, answer);
      // No answer at all (offline): whoever waits gets the failure, a later call tries again.
      answer.catch(() => {
        if (into.get(path) === answer) into.delete(path);
      });
    }
  }

  return {
    start(paths) {
      answers = new Map();
      fill(answers, paths, prepared);
      prepared = new Map();
    },
    prepare(paths) {
      const previous = prepared;
      prepared = new Map();
      fill(prepared, paths, previous);
    },
    dropPrepared() {
      prepared = new Map();
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
