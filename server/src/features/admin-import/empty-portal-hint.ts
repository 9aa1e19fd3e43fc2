import { liveJobStats, type Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';

/** What the startup hint reads from the config. */
export type EmptyPortalConfig = Pick<Config, 'feedAutoImport' | 'adminEmail' | 'publicUrl'>;

/**
 * How to fill an empty portal, in the console: after `npm ci && npm start` the start page reads
 * 'Just nu 0 annonser' and nothing says why (auto-import is off by default). Names the admin's
 * import page when ADMIN_EMAIL gives an admin to open it with; no secret goes into it.
 */
export function emptyPortalHint(config: EmptyPortalConfig, portalUrl: string): string {
  const importPage = `${config.publicUrl ?? portalUrl}/admin/import`;
  const where = config.adminEmail
    ? `logga in som admin (ADMIN_EMAIL) på ${importPage} och välj 'Full import'`
    : "välj Admin → Import → 'Full import' (ADMIN_EMAIL och ADMIN_PASSWORD ger ett adminkonto)";
  return (
    'Portalen har inga annonser ännu, och automatisk import är av. ' +
    `Hämta alla annonser: ${where}, eller starta med FEED_AUTO_IMPORT=true.`
  );
}

/** The hint when the portal has no live ad and will not import by itself; null otherwise. */
export async function emptyPortalHintFor(
  db: Kysely<Database>,
  config: EmptyPortalConfig,
  portalUrl: string,
): Promise<string | null> {
  if (config.feedAutoImport) return null;
  const { ads } = await liveJobStats(db);
  return ads === 0 ? emptyPortalHint(config, portalUrl) : null;
}
