export * from './phrases.js';
export * from './swedish.js';
export * from './taxonomy.js';
export { occupationLexicon } from './occupation-lexicon.js';
