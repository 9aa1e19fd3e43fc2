import type { JobRow } from '@jobbportalen/storage';

/** A short plain-text summary for the meta description (search engines show about 155 characters). */
export function summarize(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

function employmentType(row: Pick<JobRow, 'extent' | 'form'>): string[] {
  const types: string[] = [];
  if (row.extent === 'Heltid') types.push('FULL_TIME');
  if (row.extent === 'Deltid') types.push('PART_TIME');
  const form = (row.form ?? '').toLowerCase();
  if (/tillsvidare|vanlig anställning/.test(form)) types.push('PERMANENT');
  if (/visstid|tidsbegränsad|vikariat|säsong|sommar|behov/.test(form)) types.push('TEMPORARY');
  return types;
}

/**
 * schema.org JobPosting with the properties Google requires (title, description, datePosted,
 * hiringOrganization, jobLocation — or TELECOMMUTE with an applicant country for remote work) and
 * the recommended ones we have. Only for live ads: a closed ad must not be offered as open.
 */
/** The columns a JobPosting is made of. */
export const JOB_POSTING_COLUMNS = [
  'id',
  'title',
  'occupation',
  'company',
  'descriptionHtml',
  'descriptionText',
  'extent',
  'form',
  'firstSeenAt',
  'publishedAt',
  'lastDate',
  'vacancies',
  'location',
  'municipality',
  'region',
  'remote',
  'lat',
  'lng',
] as const satisfies readonly (keyof JobRow)[];

export function jobPostingJsonLd(
  row: Pick<JobRow, (typeof JOB_POSTING_COLUMNS)[number]>,
  canonicalUrl: string,
  siteName: string,
) {
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: row.title || row.occupation || 'Jobb',
    description: row.descriptionHtml || row.descriptionText || row.title,
    identifier: { '@type': 'PropertyValue', name: siteName, value: row.id },
    datePosted: (row.publishedAt ?? row.firstSeenAt).toISOString(),
    url: canonicalUrl,
    hiringOrganization: { '@type': 'Organization', name: row.company ?? 'Arbetsgivaren anges i annonsen' },
    directApply: false,
  };
  if (row.lastDate) posting.validThrough = row.lastDate.toISOString();
  const types = employmentType(row);
  if (types.length > 0) posting.employmentType = types;
  if (row.vacancies > 1) posting.totalJobOpenings = row.vacancies;
  if (row.occupation) posting.occupationalCategory = row.occupation;
  const place = row.municipality ?? (row.location !== 'Distans' ? row.location : null);
  if (row.remote) {
    posting.jobLocationType = 'TELECOMMUTE';
    posting.applicantLocationRequirements = { '@type': 'Country', name: 'Sverige' };
  }
  if (place || !row.remote) {
    posting.jobLocation = {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(place ? { addressLocality: place } : {}),
        ...(row.region ? { addressRegion: row.region } : {}),
        addressCountry: 'SE',
      },
      ...(row.lat !== null && row.lng !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: row.lat, longitude: row.lng } }
        : {}),
    };
  }
  return posting;
}
