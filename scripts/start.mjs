// `npm start`: build what is missing, then run the portal (server + indexer) in this process.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
// The server renders mail with React, whose development build is about 2.5 times slower; the
// container sets the same (Dockerfile). NODE_ENV=development still wins when set.
process.env.NODE_ENV ??= 'production';
await import('../server/dist/main.js');
