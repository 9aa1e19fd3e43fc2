import { Type, type Static } from 'typebox';

/** One Meilisearch replica as the servers' searches see it (GET /api/admin/search-replicas). */
export const SearchReplicaStatus = Type.Object({
  id: Type.String({ description: 'The replica’s URL' }),
  healthy: Type.Boolean({ description: 'Its index answers' }),
  state: Type.Union([Type.Literal('filling'), Type.Literal('live'), Type.Literal('rebuild'), Type.Null()], {
    description: 'filling: being built from Postgres; rebuild: to be filled again; null: not known yet',
  }),
  lag: Type.Union([Type.Integer(), Type.Null()], { description: 'Changes it has not confirmed' }),
  documents: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  takesReads: Type.Boolean({ description: 'Searches are sent to it now' }),
});
export type SearchReplicaStatus = Static<typeof SearchReplicaStatus>;

export const SearchReplicasAnswer = Type.Object({ replicas: Type.Array(SearchReplicaStatus) });
export type SearchReplicasAnswer = Static<typeof SearchReplicasAnswer>;
