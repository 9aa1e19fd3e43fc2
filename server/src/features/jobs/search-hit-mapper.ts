import type { Job, JobSearchDocument } from '@jobbportalen/contracts';

/** What a list needs from the index: everything of a Job but the (large) HTML description. */
export const LIST_ATTRIBUTES = [
  'id',
  'title',
  'company',
  'location',
  'category',
  'mainCategory',
  'extent',
  'form',
  'description',
  'lastDate',
  'applicationUrl',
  'vacancies',
  'publishedAt',
] as const satisfies readonly (keyof JobSearchDocument)[];

export const DETAIL_ATTRIBUTES = [...LIST_ATTRIBUTES, 'descriptionHtml'] as const;

export type ListDocument = Pick<JobSearchDocument, (typeof LIST_ATTRIBUTES)[number]>;
export type DetailDocument = Pick<JobSearchDocument, (typeof DETAIL_ATTRIBUTES)[number]>;

const EXCERPT_LENGTH = 300;

/** The start of a description, cut at a word boundary: a list shows a teaser, not the whole ad. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()} …`;
}

function baseJob(document: ListDocument): Omit<Job, 'description' | 'descriptionHtml'> {
  return {
    _id: document.id,
    title: document.title,
    company: document.company,
    // The spec's UI reads either name; both carry the employer.
    employer: document.company,
    location: document.location,
    category: document.category,
    mainCategory: document.mainCategory,
    extent: document.extent,
    form: document.form,
    lastDate: document.lastDate,
    applicationUrl: document.applicationUrl,
    vacancies: document.vacancies,
    publishedAt: document.publishedAt,
  };
}

/** A hit of a list (search, latest) as a Job: description shortened, no HTML. */
export const toListJob = (document: ListDocument): Job => ({
  ...baseJob(document),
  description: excerpt(document.description ?? ''),
  descriptionHtml: '',
});

/** A whole search document as a Job (the ad page). */
export const toDetailJob = (document: DetailDocument): Job => ({
  ...baseJob(document),
  description: document.description ?? '',
  descriptionHtml: document.descriptionHtml ?? '',
  removed: false,
});
