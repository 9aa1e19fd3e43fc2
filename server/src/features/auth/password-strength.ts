import { foldAscii } from '@jobbportalen/lexicon';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { SWEDISH_PASSWORD_WORDS } from './swedish-password-words.js';

/**
 * The least zxcvbn score a new password must reach. Score 3 means the estimator needs at least
 * 10^8 guesses to find it: out of reach online behind the log-in limits (a few thousand guesses
 * a day per account), and weeks of work per account against a stolen argon2id hash. Score 2
 * (10^6) would let every word of the common lists plus a digit or two through.
 */
export const MIN_PASSWORD_GUESSES_LOG10 = 8;

export const WEAK_PASSWORD_MESSAGE =
  'Lösenordet är för lätt att gissa. Välj ett längre eller mindre vanligt lösenord.';

/**
 * Words of this product that make a guessable password whatever SITE_NAME says: its name, and
 * the placeholder password the README shows.
 */
const PRODUCT_WORDS = ['jobbportalen', 'byt-detta-lösenord'];

/**
 * Only the first 64 characters are judged. The cost of zxcvbn grows faster than the length
 * (a 128-character l33t pattern took 140 ms of blocked event loop); 64 characters that already
 * make a guessable password are rare, and the limit on register requests bounds the rest.
 */
const JUDGED_LENGTH = 64;

/** The people and the site the password must not be built from. */
export interface PasswordContext {
  email?: string;
  name?: string;
  siteName?: string;
}

let estimator: ZxcvbnFactory | undefined;

/**
 * Built once, on the first password judged: the dictionaries take about 25 ms to rank and
 * the first check another 40 ms while V8 warms up; a check after that takes 1–15 ms.
 * Levenshtein matching stays off: it costs 25–140 ms a check for little more than the l33t
 * and reversed-word matching already find.
 */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: {
      ...dictionary,
      swedish: [...new Set(SWEDISH_PASSWORD_WORDS.flatMap((word) => [word, foldAscii(word)]))],
    },
    graphs: adjacencyGraphs,
    maxLength: JUDGED_LENGTH,
    // Caps the l33t variants tried; 20 still sees through 'p4$$w0rd' but not at 100× the cost.
    l33tMaxSubstitutions: 20,
  });
  return estimator;
}

/** The e-mail, its local part, the name, the site's name, and the words inside each. */
export function contextWords(context: PasswordContext): string[] {
  const email = context.email?.trim().toLowerCase() ?? '';
  const localPart = email.split('@')[0] ?? '';
  const wholes = [email, localPart, context.name ?? '', context.siteName ?? '', ...PRODUCT_WORDS];
  const words = wholes.flatMap((whole) => {
    const trimmed = whole.trim().toLowerCase();
    const parts = trimmed.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3);
    return [trimmed, trimmed.replace(/\s+/g, ''), ...parts];
  });
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** Whether a new password is hard enough to guess, given who chooses it and where. */
export function isStrongPassword(password: string, context: PasswordContext = {}): boolean {
  const result = strengthEstimator().check(password.normalize('NFC'), contextWords(context));
  return result.guessesLog10 >= MIN_PASSWORD_GUESSES_LOG10;
}
