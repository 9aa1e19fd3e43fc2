import type { Job, JobSearchDocument } from '@jobbportalen/contracts';
import { JOB_HIT_ATTRIBUTES, jobFromSearchHit, type JobHit } from '../../http/job-response.js';

/**
 * What a list needs from the index: everything of a Job but the (large) HTML description, and
 * when the ad was first seen (a card says 'Ny' for a day).
 */
export const LIST_ATTRIBUTES = [
  ...JOB_HIT_ATTRIBUTES.filter(
    (attribute): attribute is Exclude<typeof attribute, 'descriptionHtml'> => attribute !== 'descriptionHtml',
  ),
  'firstSeenTs',
] as const;

export const DETAIL_ATTRIBUTES = JOB_HIT_ATTRIBUTES;

export type ListDocument = Omit<JobHit, 'descriptionHtml'> & Partial<Pick<JobSearchDocument, 'firstSeenTs'>>;
export type DetailDocument = JobHit;

const EXCERPT_LENGTH = 300;

/** The start of a description, cut at a word boundary: a list shows a teaser, not the whole ad. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()} …`;
}

/** A hit of a list (search, latest) as a Job: description shortened, no HTML. */
export const toListJob = ({ firstSeenTs, ...document }: ListDocument): Job => ({
  ...jobFromSearchHit({ ...document, descriptionHtml: '' }),
  description: excerpt(document.description ?? ''),
  ...(typeof firstSeenTs === 'number' ? { firstSeenAt: new Date(firstSeenTs * 1000).toISOString() } : {}),
});

/** A whole search document as a Job (the ad page). */
export const toDetailJob = (document: DetailDocument): Job => ({
  ...jobFromSearchHit(document),
  removed: false,
});
