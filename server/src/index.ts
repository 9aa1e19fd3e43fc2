export { buildApp, type App, type AppDependencies } from './app.js';
export { loadConfig, ConfigError, type Config } from './config.js';
export { startPortal } from './runtime.js';
