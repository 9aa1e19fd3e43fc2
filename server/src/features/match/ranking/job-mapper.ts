import type { Job, JobSearchDocument } from '@jobbportalen/contracts';

/**
 * A search document as the spec's Job. (The jobs feature has no shared mapper yet; when it gets
 * one, this should use it.) `employer` repeats `company`: the spec's UI reads either.
 */
export function toJob(document: JobSearchDocument): Job {
  return {
    _id: document.id,
    title: document.title,
    company: document.company,
    employer: document.company,
    location: document.location,
    category: document.category,
    mainCategory: document.mainCategory,
    extent: document.extent,
    form: document.form,
    description: document.description,
    descriptionHtml: document.descriptionHtml,
    lastDate: document.lastDate,
    applicationUrl: document.applicationUrl,
    vacancies: document.vacancies,
    publishedAt: document.publishedAt,
  };
}
