import { Type } from '@fastify/type-provider-typebox';
import type { FieldMessages } from '../../http/validation.js';

// The page-view body the browser sends and the per-day answer the admin reads live in contracts.
export { PageViewBody, PageViewsPerDay } from '@jobbportalen/contracts/api/analytics';

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
