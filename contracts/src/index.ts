export * from './errors.js';
export * from './job.js';
export * from './main-categories.js';
export * from './search-index.js';
// The API schemas (api/*.ts, TypeBox) are imported by path, e.g. '@jobbportalen/contracts/api/auth':
// through this entry point every page of the web app would download TypeBox.
export * from './api/site-settings-limits.js';
