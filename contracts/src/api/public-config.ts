import { Type, type Static } from 'typebox';

/** GET /api/config: what the browser needs to know at start. */
export const PublicConfig = Type.Object({
  siteName: Type.String({ description: 'Produktens namn' }),
  contactEmail: Type.String({ description: 'Kontaktadressen i sidfoten' }),
  searchIndex: Type.String({ description: 'Indexet som instant-meilisearch söker i via /api/search' }),
  analyticsUrl: Type.Null({ description: 'Sidvisningar skickas till /api/analytics; ingen extern tjänst' }),
});
export type PublicConfig = Static<typeof PublicConfig>;
