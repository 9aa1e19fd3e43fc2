import { Type, type Static } from 'typebox';

/** POST /api/analytics/pageview: one page view, sent by the browser on every route change. */
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
export type PageViewBody = Static<typeof PageViewBody>;

export const PageViewsDay = Type.Object({
  day: Type.String({ format: 'date', description: 'YYYY-MM-DD (svensk tid)' }),
  views: Type.Integer(),
});
export type PageViewsDay = Static<typeof PageViewsDay>;

/** GET /api/admin/analytics/pageviews: views per day, oldest first. */
export const PageViewsPerDay = Type.Array(PageViewsDay);
export type PageViewsPerDay = Static<typeof PageViewsPerDay>;
