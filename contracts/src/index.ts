export * from './errors.js';
export * from './job.js';
export * from './main-categories.js';
export * from './search-index.js';
