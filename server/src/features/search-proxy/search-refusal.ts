import { badRequest, type AppError } from '../../errors.js';

/** The part of a search Meilisearch refused, as our API names it: read from its error code. */
const REFUSED_PARTS: readonly { code: RegExp; field: string; message: string }[] = [
  { code: /_filter$/, field: 'filter', message: 'Sökningen har ett filter som inte går att använda.' },
  { code: /_sort$/, field: 'sort', message: 'Sökningen har en sortering som inte går att använda.' },
  {
    code: /_facet_name$|_facets$/,
    field: 'facets',
    message: 'Sökningen kan inte räkna jobb per det fältet.',
  },
];

/**
 * The answer to a search Meilisearch refused as the client's mistake: our stable code, a Swedish
 * message and the part of the search that was wrong. Never Meilisearch's own English reason: it
 * lists the index's filterable and sortable attributes and names the engine, which is a map for
 * whoever probes the API. The caller logs the reason.
 */
export function searchRefusal(searchEngineCode: string | undefined): AppError {
  const part = REFUSED_PARTS.find(({ code }) => code.test(searchEngineCode ?? ''));
  if (!part) return badRequest('Sökningen går inte att utföra.', { details: { field: null } });
  return badRequest(part.message, { details: { field: part.field } });
}
