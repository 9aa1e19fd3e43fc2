import type { DatabaseHandle, SearchEngine } from '@jobbportalen/storage';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>;
    database: DatabaseHandle;
    db: DatabaseHandle['db'];
    searchEngine: SearchEngine;
  }
}

export interface InfrastructureOptions {
  config: Readonly<Config>;
  database: DatabaseHandle;
  search: SearchEngine;
}

/** Named decorators for what every feature needs: config, the database and the search engine. */
export const infrastructurePlugin = fp(async (app: FastifyInstance, options: InfrastructureOptions) => {
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('searchEngine', options.search);
});
