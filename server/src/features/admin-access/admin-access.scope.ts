import type { FastifyTypedInstance } from '../../types.js';

export type AdminRoutesPlugin = (app: FastifyTypedInstance) => Promise<void>;

export interface AdminScopeOptions {
  /** Route plugins whose paths are relative to /api/admin, e.g. '/import-log'. */
  routes: AdminRoutesPlugin[];
}

/**
 * The guarded part of /api/admin. Every route registered inside this scope answers 401 without
 * a valid token and 403 for a non-admin, before its body is read, and is documented with
 * bearer security — no route has to remember to ask for it.
 *
 * To add admin routes: write a plugin `async function importLogRoutes(app) { app.get('/import-log', …) }`
 * and add it to the `routes` list where app.ts registers `adminScope` (prefix '/api/admin').
 * Never register an /api/admin route outside this scope; the one public exception is
 * GET /api/admin/site-settings, which the public start page reads, and a test walks the
 * OpenAPI paths to hold every other /api/admin route to the guard.
 */
export async function adminScope(app: FastifyTypedInstance, options: AdminScopeOptions) {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
  });
  for (const routes of options.routes) await app.register(routes);
}
