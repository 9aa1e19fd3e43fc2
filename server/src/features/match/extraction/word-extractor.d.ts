// word-extractor 1.x ships no types; only what cv-extract-worker uses is declared.
declare module 'word-extractor' {
  interface TextOptions {
    filterUnicode?: boolean;
    includeHeadersAndFooters?: boolean;
    includeBody?: boolean;
  }
  class WordDocument {
    getBody(options?: TextOptions): string;
    getHeaders(options?: { includeFooters?: boolean } & TextOptions): string;
    getTextboxes(
      options?: { includeHeadersAndFooters?: boolean; includeBody?: boolean } & TextOptions,
    ): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
}
