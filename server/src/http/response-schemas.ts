import { Type } from '@fastify/type-provider-typebox';

/** The error body every failing route answers with (see the error handler). */
export const ErrorResponse = Type.Object(
  {
    code: Type.String({ description: 'Stabil felkod, t.ex. VALIDATION_FAILED' }),
    message: Type.String({ description: 'Meddelande på svenska' }),
    error: Type.String({ description: 'Samma som message' }),
  },
  { additionalProperties: true },
);

/** `{ 400: ErrorResponse, 401: ErrorResponse, … }` for a route's documented failures. */
export function errorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<
    S,
    typeof ErrorResponse
  >;
}

export const MessageResponse = Type.Object({ message: Type.String() });

export const NoContent = Type.Null({ description: 'Inget innehåll' });
