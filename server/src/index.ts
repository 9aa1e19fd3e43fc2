export { buildApp, type App, type AppDependencies } from './app.js';
export { loadConfig, ConfigError, type Config } from './config.js';
export { startPortal } from './runtime.js';
// What the alert benchmark (scripts/bench/alerts-run.ts) drives, as the indexer daemon does.
export { runAlerts, type AlertRunDependencies } from './features/alerts/alert-run.js';
export { profileSearches } from './profile-matching/profile-search-fit.js';
export { jobsFacetValues } from './search/facet-values-cache.js';
export { createSignedTokens } from './http/signed-tokens.js';
export { createMailLinks } from './mail/mail-links.js';
export { sendQueuedMails } from './mail/mail-sender.js';
// What browser tests store a seeker's 'Min profil' with, as the profile routes do.
export { saveProfile } from './features/candidate-profile/candidate-profile.repository.js';
