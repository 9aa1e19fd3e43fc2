import snowball from 'snowball-stemmers';

let swedishStemmer: ReturnType<typeof snowball.newStemmer> | undefined;

/** Swedish Snowball stem of one lower-case word ('sjuksköterskor' → 'sjukskötersk'). */
export function stem(word: string): string {
  swedishStemmer ??= snowball.newStemmer('swedish');
  return swedishStemmer.stem(word.toLowerCase());
}
