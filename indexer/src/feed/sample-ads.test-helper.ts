/**
 * Ads shaped like JobStream records (our own invented content, not copied from the feed): a full ad
 * with nested objects and Swedish text, and a removal event with a numeric id as in v1.
 */
export function sampleAd(id: number) {
  return {
    id: String(id),
    headline: `Sjuksköterska till vårdcentral i Örebro ${id}`,
    description: {
      text: 'Vi söker en erfaren sjuksköterska – välkommen med din ansökan!',
      text_formatted: null,
    },
    employer: { name: 'Region Örebro län', organization_number: '2321000164' },
    working_hours_type: { concept_id: 'X', label: 'Heltid' },
    workplace_address: { municipality: 'Örebro', coordinates: [15.2066, 59.2741] },
    number_of_vacancies: 2,
    publication_date: '2025-03-29T08:00:00',
    last_publication_date: '2025-04-30T23:59:59',
    removed: false,
  };
}

export function removalEvent(id: number) {
  return { id, removed: true, removed_date: '2025-03-30T03:15:00' };
}
