import { tokenize, tokenizeKeepingCase } from '../text/tokenize.js';

interface Entry<T> {
  tokens: string[];
  concept: T;
  capitalsOnly: boolean;
  /** Lower is preferred when several concepts share one mention. */
  rank: number;
}

/** A text token with the case it was written in, for acronyms that only count in capitals. */
export interface TextToken {
  word: string;
  original: string;
}

/** Like tokenize(), but keeps the written form beside the lower-case word. */
export function textTokens(text: string): TextToken[] {
  return tokenizeKeepingCase(text).map((original) => ({ word: original.toLowerCase(), original }));
}

/**
 * Mentions of concepts keyed by their first word. Each mention keeps one concept: the best
 * ranked, so 'Sjuksköterska' means one occupation rather than every qualified variant of it.
 */
export class PhraseIndex<T> {
  private readonly byFirstWord = new Map<string, Entry<T>[]>();
  private readonly byMention = new Map<string, Entry<T>>();

  add(text: string, concept: T, rank: number, capitalsOnly = false): void {
    const tokens = tokenize(text);
    const first = tokens[0];
    if (!first) return;
    const key = tokens.join(' ');
    const existing = this.byMention.get(key);
    if (existing) {
      if (rank < existing.rank) Object.assign(existing, { concept, rank, capitalsOnly });
      return;
    }
    const entry = { tokens, concept, capitalsOnly, rank };
    this.byMention.set(key, entry);
    const list = this.byFirstWord.get(first) ?? [];
    list.push(entry);
    this.byFirstWord.set(first, list);
  }

  /** Longest first, so 'Java Enterprise Edition' beats 'Java' at the same place. */
  seal(): void {
    for (const list of this.byFirstWord.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  }

  /** The longest mention starting at `start`, with how many tokens it covers. */
  matchAt(tokens: readonly TextToken[], start: number): { concept: T; length: number } | null {
    const candidates = this.byFirstWord.get(tokens[start]?.word ?? '');
    if (!candidates) return null;
    for (const entry of candidates) {
      const matches = entry.tokens.every((word, offset) => {
        const token = tokens[start + offset];
        if (!token || token.word !== word) return false;
        return !entry.capitalsOnly || token.original === token.original.toUpperCase();
      });
      if (matches) return { concept: entry.concept, length: entry.tokens.length };
    }
    return null;
  }

  has(mention: string): boolean {
    return this.byMention.has(tokenize(mention).join(' '));
  }

  get(mention: string): T | undefined {
    return this.byMention.get(tokenize(mention).join(' '))?.concept;
  }
}
