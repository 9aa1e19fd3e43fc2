export * from './ad-report.js';
export * from './errors.js';
export * from './job.js';
export * from './main-categories.js';
export * from './search-index.js';
export * from './fold-ascii.js';
export * from './filter-value.js';
export * from './job-areas.js';
export * from './job-query.js';
export * from './job-query-conditions.js';
export * from './job-query-distance.js';
export * from './job-query-resolve.js';
export * from './job-query-understand.js';
export * from './job-query-help.js';
export * from './job-query-url.js';
export * from './known-name.js';
export * from './saved-search.js';
export * from './stockholm-time.js';
export * from './time-units.js';
// The API schemas (api/*.ts, TypeBox) are imported by path, e.g. '@jobbportalen/contracts/api/auth':
// through this entry point every page of the web app would download TypeBox.
export * from './api/site-settings-limits.js';
export * from './api/candidate-profile-limits.js';
export * from './pages.js';
export * from './occupation-words.js';
export * from './page-answers.js';
