// `npm start`: build what is missing, then run the portal (server + indexer) in this process.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../server/dist/main.js');
