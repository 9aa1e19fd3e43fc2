// Swedish language helpers for search and matching.
export { analyzeCompound, splitCompound, type CompoundPart } from './text/compound.js';
// The one folding rule, shared with the browser (which cannot import the lexicon's data).
export { foldAscii } from '@jobbportalen/contracts';
export { pluralForms, singularForm } from './text/inflection.js';
export { searchTerms, type SearchTermsInput } from './text/search-terms.js';
export { stem } from './text/stem.js';
export { isStopWord, SWEDISH_STOP_WORDS } from './text/stop-words.js';
export { occupationSynonyms } from './text/synonyms.js';
export { tokenize } from './text/tokenize.js';
