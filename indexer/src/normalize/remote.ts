import { field, objectField, readText, type FeedObject } from './feed-values.js';

/*
 * How we decide that an ad is remote ('Distans'). None of the real samples (2018–2024) has a
 * remote flag, and JobSearch's own `remote` filter is a phrase search over the ad text. So:
 * 1. a boolean `remote_work` / `remote` set to true on the record counts, in case a newer feed
 *    version carries one;
 * 2. a headline that says so ('Kundtjänst på distans', 'Remote Java Developer', 'jobba hemifrån');
 * 3. an ad that names no workplace at all (no municipality, city or region) and whose text says
 *    the work is done remotely.
 * 'Möjlighet till distansarbete' in the text of an ad with a workplace is hybrid work, not
 * 'Distans', so the text alone never decides. scope_of_work is about hours, not place.
 */

const REMOTE_IN_HEADLINE =
  /(?<!\p{L})(?:distans\p{L}*|remote|hemifrån|hemmakontor|work from home|arbeta hemma|jobba hemma)(?!\p{L})/iu;

const REMOTE_IN_TEXT =
  /(?<!\p{L})(?:helt på distans|arbete på distans|arbeta på distans|jobba på distans|utförs på distans|distansarbete|distanstjänst|arbeta hemifrån|jobba hemifrån|fully remote|remote)(?!\p{L})/iu;

function hasWorkplace(ad: FeedObject): boolean {
  const address = objectField(ad, 'workplace_address');
  return ['municipality', 'municipality_code', 'city', 'region'].some(
    (key) => readText(field(address, key)) !== null,
  );
}

export function isRemoteAd(ad: FeedObject, descriptionText: string): boolean {
  if (field(ad, 'remote_work') === true || field(ad, 'remote') === true) return true;
  if (REMOTE_IN_HEADLINE.test(readText(field(ad, 'headline')) ?? '')) return true;
  return !hasWorkplace(ad) && REMOTE_IN_TEXT.test(descriptionText);
}
