export * from './phrases.js';
export * from './swedish.js';
export * from './taxonomy.js';
