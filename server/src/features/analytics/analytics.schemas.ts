import { Type } from '@fastify/type-provider-typebox';
import type { FieldMessages } from '../auth/validation.js';

export const PageViewBody = Type.Object(
  {
    // Generous here: the query string is cut off before the 200-character rule applies.
    path: Type.String({
      minLength: 1,
      maxLength: 2048,
      pattern: '^/[^\\s\\u0000]*$',
      description: 'T.ex. /jobb/123',
    }),
    referrer: Type.Optional(
      Type.String({ maxLength: 2048, description: 'Tas emot men sparas inte (integritet)' }),
    ),
  },
  { additionalProperties: false },
);

export const pageViewMessages: FieldMessages = {
  path: { default: 'Ange en sökväg som börjar med / (utan mellanslag).' },
  referrer: { default: 'Ogiltig referrer.' },
};

export const PageViewsQuery = Type.Object({
  days: Type.Integer({
    minimum: 1,
    maximum: 366,
    default: 30,
    description: 'Antal dagar bakåt, i dag inräknad',
  }),
});

export const PageViewsPerDay = Type.Array(
  Type.Object({
    day: Type.String({ format: 'date', description: 'YYYY-MM-DD (svensk tid)' }),
    views: Type.Integer(),
  }),
);
