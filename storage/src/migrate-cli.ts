// `npm run migrate`: brings the database (DATABASE_URL, else the embedded PGlite in DATA_DIR) to
// the latest schema and exits.
import path from 'node:path';
import { createDatabase } from './db/create-database.js';
import { migrateToLatest } from './db/migrate.js';

const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.');
} finally {
  await database.close();
}
